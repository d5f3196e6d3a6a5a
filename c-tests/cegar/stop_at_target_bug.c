// class: loop
// expect: violation
// inputs: 1 2
// inputs: 5 6
// The same scan with a target allowed one past the bound: for t == n + 1 it ends at n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int t = __VERIFIER_nondet_int();
    int j = 0;
    if (n < 1 || n > 50 || t < 0 || t > n + 1)
        return 0;
    while (j < n) {
        if (j == t)
            break;
        j = j + 1;
    }
    if (j != t)
        reach_error();
    return 0;
}
