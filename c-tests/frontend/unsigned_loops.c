// covers: loops with unsigned counters counting down (i-- > 0 idiom), size_t indices, wrap-around termination checks, unsigned char loop variables, comparisons of unsigned with signed after conversion
// inputs: 5
// inputs: 0
#include <stddef.h>
int printf(const char *, ...);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    if (n > 20)
        return 1;
    unsigned i = n;
    while (i-- > 0)
        printf("%u ", i);
    printf("| i=%u\n", i);
    int arr[20];
    for (size_t k = 0; k < n; k++)
        arr[k] = (int)(k * k);
    size_t idx = n;
    long sum = 0;
    while (idx != 0) {
        idx--;
        sum += arr[idx];
    }
    printf("sum=%ld\n", sum);
    unsigned char c = 0;
    int iters = 0;
    do {
        c += 37;
        iters++;
    } while (c != 0);
    printf("iters=%d\n", iters);
    unsigned w = 10;
    int steps = 0;
    for (; w < 100; w -= 3)
        steps++;
    printf("w=%u steps=%d\n", w, steps);
    int neg = -1;
    printf("neg<n: %d (int)n>neg: %d\n", (unsigned)neg < n, (int)n > neg);
    return steps;
}
