// class: loop
// expect: violation
// inputs: 6
// An unsigned counter starting at 5 decremented 6 times wraps (well-defined) to UINT_MAX.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    unsigned int c = 5;
    int i;
    if (n < 0 || n > 6)
        return 0;
    for (i = 0; i < n; i++)
        c--;
    if (c > 5)
        reach_error();
    return 0;
}
