// expect: accepted   warning: inline assembly
// `asm goto` is an asm statement (outputs havocked) and a jump to any of its labels
int f(int x) {
    if (x)
        asm goto ("jmp %l0" :::: out);
    return 0;
out:
    return 1;
}

int main(void) { return f(1); }
