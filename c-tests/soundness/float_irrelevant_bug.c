// class: float
// expect: violation
// inputs: 3 4 5
// Floating point is computed (an average) but the error depends on integers only: the total of three inputs in 0..10 is 12 for 3, 4, 5.
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
    if (total == 12)
        reach_error();
    return 0;
}
