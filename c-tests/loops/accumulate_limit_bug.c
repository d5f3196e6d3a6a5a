// class: loop
// expect: violation
// inputs: 10 10 10 10 10 10 10 10 10 9 10
// inputs: 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 4 10
// Adding inputs in 1..10 until the sum reaches 100: from 99 a 10 gives 109, above the claimed 108.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int s = 0, k = 0, v;
    while (s < 100) {
        v = __VERIFIER_nondet_int();
        if (v < 1 || v > 10)
            return 0;
        s += v;
        k++;
    }
    if (s >= 109 || k < 10)
        reach_error();
    return 0;
}
