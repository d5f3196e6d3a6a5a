// class: loop
// expect: violation
// inputs: 3
// inputs: 1
// Two counters with i starting at 1: the loop runs n - 1 times and j == 2n - 2 for n >= 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 1, j = 0;
    if (n < 0 || n > 1000)
        return 0;
    while (i < n) {
        i++;
        j += 2;
    }
    if (j != 2 * n)
        reach_error();
    return 0;
}
