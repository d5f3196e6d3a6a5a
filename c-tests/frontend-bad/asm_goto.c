// expect: error   kind: unsupported   line: 4   message: asm goto
int f(int x) {
    if (x)
        asm goto ("jmp %l0" :::: out);
    return 0;
out:
    return 1;
}

int main(void) { return f(1); }
