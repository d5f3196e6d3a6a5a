// covers: sieve of Eratosthenes with a char array, nested loops with multiplication bounds, counting, prime factorization with while loops, static arrays
// inputs: 50
// inputs: 97
// inputs: 360
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define N 400
static char composite[N + 1];

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 2 || n > N)
        return 1;
    for (int i = 2; i * i <= N; i++)
        if (!composite[i])
            for (int j = i * i; j <= N; j += i)
                composite[j] = 1;
    int count = 0, last = 0;
    for (int i = 2; i <= n; i++)
        if (!composite[i]) {
            count++;
            last = i;
        }
    printf("primes<=%d: %d, largest %d\n", n, count, last);
    printf("factors:");
    int m = n;
    for (int p = 2; p * p <= m; p++)
        while (m % p == 0) {
            printf(" %d", p);
            m /= p;
        }
    if (m > 1)
        printf(" %d", m);
    printf("\n");
    int twins = 0;
    for (int i = 3; i + 2 <= n; i += 2)
        twins += !composite[i] && !composite[i + 2];
    printf("twin pairs=%d\n", twins);
    return count;
}
