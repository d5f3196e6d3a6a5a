// class: narrow
// expect: violation
// inputs: 1 2
// a - b on unsigned int wraps: for a < b (1 and 2) the difference is huge and positive.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();

    if (a > 60000 || b > 60000)
        return 0;
    if (a < b && a - b > 0)
        reach_error();
    return 0;
}
