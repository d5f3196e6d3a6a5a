// class: callback
// expect: safe
// answer: unknown
// inputs: 21 3
// The twin of callback_qsort_order_bug.c comparing whole values: after qsort the array is in increasing order (a model that lets qsort leave the array unchanged finds a false bug).
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int by_key(const void *a, const void *b)
{
    int x = *(const int *)a % 1000;
    int y = *(const int *)b % 1000;

    return (x > y) - (x < y);
}

int main(void)
{
    int v[3];

    v[0] = __VERIFIER_nondet_int();
    v[1] = __VERIFIER_nondet_int();
    v[2] = 4;
    if (v[0] < 0 || v[0] > 99 || v[1] < 0 || v[1] > 99)
        return 0;
    qsort(v, 3, sizeof v[0], by_key);
    if (v[0] > v[1] || v[1] > v[2])
        reach_error();
    return 0;
}
