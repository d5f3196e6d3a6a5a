// class: loop
// expect: safe
// Counting down by 3 while i >= 3 leaves n % 3.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;
    if (n < 0 || n > 1000)
        return 0;
    i = n;
    while (i >= 3)
        i -= 3;
    if (i != n % 3)
        reach_error();
    return 0;
}
