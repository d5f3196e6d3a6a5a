// class: builtin
// expect: safe
// inputs: 2
// The twin of builtin_constant_p_bug.c: !__builtin_constant_p(16) is 0 (a checker that folds every __builtin_constant_p to 0 finds a false bug).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (!__builtin_constant_p(16) && k == 2)
        reach_error();
    return 0;
}
