// class: float
// expect: violation
// inputs: 3
// In IEEE double, 0.1 + 0.2 != 0.3, so k == 3 reaches the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == 3) {
        double d = 0.1 + 0.2;
        if (d != 0.3)
            reach_error();
    }
    return 0;
}
