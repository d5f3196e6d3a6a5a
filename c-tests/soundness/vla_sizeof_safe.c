// class: vla
// expect: safe
// inputs: 5
// The twin of vla_sizeof_bug.c: sizeof of int a[n] is 4 * n, never 22.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();

    if (n < 1 || n > 8)
        return 0;
    int a[n];
    a[0] = n;
    if (sizeof a == 22)
        reach_error();
    return a[0] - n;
}
