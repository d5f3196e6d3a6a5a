// class: narrow
// expect: violation
// inputs: -1 1
// int compared with unsigned int: i is converted to unsigned, so -1 < 1u is false.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    int i = __VERIFIER_nondet_int();
    unsigned int u = __VERIFIER_nondet_uint();

    if (i < 0 && u < 10 && !(i < u))
        reach_error();
    return 0;
}
