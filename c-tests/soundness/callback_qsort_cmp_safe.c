// class: callback
// expect: safe
// answer: unknown
// inputs: 78
// The twin of callback_qsort_cmp_bug.c: the input 77 is filtered out before qsort, so the comparator never sees it.
#include <stdlib.h>

extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "callback_qsort_cmp_safe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;

    if (x == 77 || y == 77)
        reach_error();
    return (x > y) - (x < y);
}

int main(void)
{
    int v[3];

    v[0] = __VERIFIER_nondet_int();
    v[1] = 5;
    v[2] = 9;
    if (v[0] == 77)
        return 0;
    qsort(v, 3, sizeof v[0], cmp);
    return 0;
}
