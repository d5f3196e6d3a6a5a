// expect: error   kind: unsupported   line: 3   message: _Complex|complex
int main(void) {
    _Complex double z = 1.0;
    (void)z;
    return 0;
}
