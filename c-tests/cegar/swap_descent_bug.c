// class: recursion
// expect: violation
// inputs: 0
// inputs: 7
// The near-twin of swap_descent_safe: three calls leave `a` at the swapped-in value, which is never 1, so every run reaches the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void walk(int a, int b, int d)
{
    if (d == 0) {
        if (a != 1)
            reach_error();
        return;
    }
    walk(b, a, d - 1);
}
int main(void)
{
    int x = __VERIFIER_nondet_int();
    walk(1, x == 7 ? 2 : 3, 3);
    return 0;
}
