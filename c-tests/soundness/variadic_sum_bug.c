// class: variadic
// expect: violation
// answer: unknown
// inputs: 4
// The variadic sum of 1, 2 and k is k + 3, which is 7 when k is 4: the error is reached.
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int sum(int n, ...)
{
    va_list ap;
    int s = 0;

    va_start(ap, n);
    while (n-- > 0)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < -1000 || k > 1000)
        return 0;
    if (sum(3, 1, 2, k) == 7)
        reach_error();
    return 0;
}
