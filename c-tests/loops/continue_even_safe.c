// class: loop
// expect: safe
// A loop skipping odd i with continue counts the (n + 1)/2 even numbers below n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, c = 0;
    if (n < 0 || n > 500)
        return 0;
    for (i = 0; i < n; i++) {
        if (i % 2 != 0)
            continue;
        c++;
    }
    if (c != (n + 1) / 2)
        reach_error();
    return 0;
}
