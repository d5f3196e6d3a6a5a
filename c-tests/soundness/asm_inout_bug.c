// class: asm
// expect: violation
// answer: unknown
// inputs: 75 75
// An x86 addl with a "+r" in/out operand adds b to x: 75 + 75 == 150.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int x;

    if (a < 0 || a > 100 || b < 0 || b > 100)
        return 0;
    x = a;
    __asm__("addl %1, %0" : "+r"(x) : "r"(b));
    if (x == 150)
        reach_error();
    return 0;
}
