// expect: error   kind: unsupported   line: 5   message: computed `goto`
int main(void) {
    static void *target = 0;
    int x = 0;
    goto *target;
    x = 1;
    return x;
}
