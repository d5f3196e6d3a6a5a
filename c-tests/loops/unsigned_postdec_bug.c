// class: loop
// expect: violation
// inputs: 0
// inputs: 17
// while (u-- > 0) leaves u wrapped to 4294967295 by the final test; the check expects 0.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int u, c = 0;
    if (n > 500)
        return 0;
    u = n;
    while (u-- > 0)
        c++;
    if (c != n || u != 0u)
        reach_error();
    return 0;
}
