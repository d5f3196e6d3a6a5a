// class: callback
// expect: violation
// inputs: 11
// bsearch over a sorted table through the program's comparator; the key 11 is found, and the program wrongly assumes 11 is not in the table.
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static const int primes[6] = { 2, 3, 5, 7, 11, 13 };

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;

    return (x > y) - (x < y);
}

int main(void)
{
    int key = __VERIFIER_nondet_int();
    const int *p = bsearch(&key, primes, 6, sizeof primes[0], cmp_int);

    if (p != NULL && *p == 11)
        reach_error();
    return 0;
}
