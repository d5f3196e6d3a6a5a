// class: loop
// expect: safe
// Two counters: j grows by 2 whenever i grows by 1, so j == 2n at the exit.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, j = 0;
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
