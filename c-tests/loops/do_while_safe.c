// class: loop
// expect: safe
// A do-while body runs at least once: i ends at 1 for n <= 1 and at n otherwise.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    if (n < -5 || n > 100)
        return 0;
    do {
        i++;
    } while (i < n);
    if (i < 1)
        reach_error();
    if (n >= 1 && i != n)
        reach_error();
    return 0;
}
