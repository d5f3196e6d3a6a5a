// class: float
// expect: safe
// answer: unknown
// inputs: 3
// The twin of float_sum_bug.c with exactly representable values: 0.5 + 0.25 == 0.75 in IEEE double.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == 3) {
        double d = 0.5 + 0.25;
        if (d != 0.75)
            reach_error();
    }
    return 0;
}
