// class: loop
// expect: safe
// answer: unknown
// while (u-- > 0) runs n times and leaves the unsigned u wrapped to 4294967295.
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
    if (c != n || u != 4294967295u)
        reach_error();
    return 0;
}
