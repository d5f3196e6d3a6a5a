// class: loop
// expect: safe
// x == 2i throughout the loop, so at iteration 100 x is 200, not above.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, x = 0;
    if (n < 0 || n > 300)
        return 0;
    for (i = 0; i < n; i++) {
        if (i == 100 && x > 200)
            reach_error();
        x += 2;
    }
    return 0;
}
