// class: loop
// expect: safe
// Doubling p n <= 29 times stays below 10^9 (2^29 = 536870912).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, p = 1;
    if (n < 0 || n > 29)
        return 0;
    for (i = 0; i < n; i++)
        p *= 2;
    if (p >= 1000000000)
        reach_error();
    return 0;
}
