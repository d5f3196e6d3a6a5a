// class: loop
// expect: violation
// inputs: 21
// The sum of the first n odd numbers is a perfect square: 441 is reached after 21 iterations.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, s = 0;
    if (n < 0 || n > 1000)
        return 0;
    for (i = 0; i < n; i++)
        s += 2 * i + 1;
    if (s == 441)
        reach_error();
    return 0;
}
