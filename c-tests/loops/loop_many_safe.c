// class: loop
// expect: safe
// A loop of n <= 999 iterations never lets its counter reach 1000.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    if (n < 0 || n > 999)
        return 0;
    while (i < n) {
        i++;
        if (i == 1000)
            reach_error();
    }
    return 0;
}
