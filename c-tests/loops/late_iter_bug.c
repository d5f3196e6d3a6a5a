// class: loop
// expect: violation
// inputs: 101
// inputs: 300
// x == 2i throughout the loop: the check at iteration 100 fires when x > 199, i.e. for every n > 100.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, x = 0;
    if (n < 0 || n > 300)
        return 0;
    for (i = 0; i < n; i++) {
        if (i == 100 && x > 199)
            reach_error();
        x += 2;
    }
    return 0;
}
