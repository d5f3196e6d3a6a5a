// expect: error   kind: unsupported   line: 2   message: _Atomic|atomic
_Atomic int counter;

int main(void) {
    counter = 1;
    return 0;
}
