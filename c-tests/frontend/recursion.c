// covers: direct recursion (factorial, fibonacci, ackermann, gcd), mutual recursion (even/odd, expression parser), recursion over arrays
// inputs: 5
// inputs: 10
// inputs: 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) {
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

/* expr := term ('+' term)* ; term := factor ('*' factor)* ; factor := digit | '(' expr ')' */
static const char *cur;
static int expr(void);
static int factor(void) {
    if (*cur == '(') {
        cur++;
        int v = expr();
        cur++; /* ')' */
        return v;
    }
    return *cur++ - '0';
}
static int term(void) {
    int v = factor();
    while (*cur == '*') {
        cur++;
        v *= factor();
    }
    return v;
}
static int expr(void) {
    int v = term();
    while (*cur == '+') {
        cur++;
        v += term();
    }
    return v;
}

static int max_rec(const int *a, int n) {
    if (n == 1)
        return a[0];
    int m = max_rec(a + 1, n - 1);
    return a[0] > m ? a[0] : m;
}

static void hanoi(int n, char from, char to, char via, int *moves) {
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to, moves);
    ++*moves;
    if (n == 3)
        printf("move disk 3 %c->%c\n", from, to);
    hanoi(n - 1, via, to, from, moves);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 12)
        return 1;
    printf("fact=%ld fib=%d gcd=%d\n", fact(n), fib(n), gcd(n * 12, 18));
    printf("ack(2,%d)=%d\n", n % 4, ack(2, n % 4));
    printf("even=%d odd=%d\n", is_even((unsigned)n), is_odd((unsigned)n));
    cur = "2+3*(4+1)*2+(1)";
    printf("expr=%d\n", expr());
    int a[6] = {3, n, 9, 1, 4, 2};
    printf("max=%d\n", max_rec(a, 6));
    int moves = 0;
    hanoi(n % 6, 'A', 'C', 'B', &moves);
    printf("moves=%d\n", moves);
    return fib(n) & 0x3f;
}
