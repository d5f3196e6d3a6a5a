// class: builtin
// expect: violation
// inputs: 2
// __builtin_constant_p(16) is 1 (a literal is a constant at every optimization level), so k == 2 reaches the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (__builtin_constant_p(16) && k == 2)
        reach_error();
    return 0;
}
