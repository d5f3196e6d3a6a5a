// class: callback
// expect: safe
// answer: unknown
// inputs: 11
// inputs: 4
// The twin of callback_bsearch_bug.c: what bsearch finds through the comparator is an element equal to the key.
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

    if (p != NULL && *p != key)
        reach_error();
    return 0;
}
