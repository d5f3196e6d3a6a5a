// class: asm
// expect: violation
// inputs: 1
// Inline assembly writes 5 into its output operand; x == 5 and k == 1 reach the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int x;

    __asm__("movl $5, %0" : "=r"(x));
    if (x == 5 && k == 1)
        reach_error();
    return 0;
}
