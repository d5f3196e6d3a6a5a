// class: float
// expect: safe
// answer: unknown
// inputs: 3 4 5
// The twin of float_irrelevant_bug.c: the double average is printed, and the integer total of three values in 0..10 never exceeds 30.
#include <stdio.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int total = 0;
    int i;
    double avg;

    for (i = 0; i < 3; i++) {
        int v = __VERIFIER_nondet_int();
        if (v < 0 || v > 10)
            return 0;
        total += v;
    }
    avg = total / 3.0;
    printf("%f\n", avg);
    if (total > 30)
        reach_error();
    return 0;
}
