// class: callback
// expect: violation
// inputs: 77
// qsort calls the program's comparator, which calls reach_error when it sees 77; every element of an array of three is compared at least once, so input 77 reaches it.
#include <stdlib.h>

extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "callback_qsort_cmp_bug.c", 8, "reach_error"); }
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
    if (v[0] == 78)
        return 0;
    qsort(v, 3, sizeof v[0], cmp);
    return 0;
}
