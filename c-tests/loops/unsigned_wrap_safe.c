// class: loop
// expect: safe
// An unsigned counter starting at 5 is decremented at most 5 times: it never wraps above 5.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    unsigned int c = 5;
    int i;
    if (n < 0 || n > 5)
        return 0;
    for (i = 0; i < n; i++)
        c--;
    if (c > 5)
        reach_error();
    return 0;
}
