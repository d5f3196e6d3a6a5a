// class: loop
// expect: violation
// inputs: 0
// A do-while body runs at least once: for n == 0, i ends at 1, not n.
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
    if (n >= 0 && i != n)
        reach_error();
    return 0;
}
