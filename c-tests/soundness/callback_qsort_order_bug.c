// class: callback
// expect: violation
// inputs: 21 3
// qsort with a comparator on the last decimal digit only: {21, 3, 4} sorts to {21, 3, 4}, so the array is not in increasing order afterwards.
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int by_key(const void *a, const void *b)
{
    int x = *(const int *)a % 10;
    int y = *(const int *)b % 10;

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
