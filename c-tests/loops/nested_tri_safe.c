// class: loop
// expect: safe
// Triangular nested loop (j < i) counts n(n - 1)/2 pairs.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, c = 0;
    if (n < 0 || n > 60)
        return 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            c++;
    if (2 * c != n * (n - 1))
        reach_error();
    return 0;
}
