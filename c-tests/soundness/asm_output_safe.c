// class: asm
// expect: safe
// answer: unknown
// inputs: 1
// The twin of asm_output_bug.c: the asm always produces 5 (a checker that havocs asm outputs cannot prove this and must not report a bug).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int x;

    __asm__("movl $5, %0" : "=r"(x));
    if (x != 5 && k == 1)
        reach_error();
    return 0;
}
