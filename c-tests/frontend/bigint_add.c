// covers: arbitrary-precision decimal arithmetic on digit arrays (addition with carry, multiplication by small ints, factorial digits), char digits, reverse printing
// inputs: 10
// inputs: 25
int printf(const char *, ...);
int putchar(int);
extern int __VERIFIER_nondet_int(void);

#define DIGITS 64

struct big {
    unsigned char d[DIGITS]; /* little-endian decimal digits */
    int len;
};

static void big_set(struct big *b, unsigned v) {
    b->len = 0;
    do {
        b->d[b->len++] = (unsigned char)(v % 10);
        v /= 10;
    } while (v);
}

static void big_mul_small(struct big *b, int m) {
    int carry = 0;
    for (int i = 0; i < b->len; i++) {
        int t = b->d[i] * m + carry;
        b->d[i] = (unsigned char)(t % 10);
        carry = t / 10;
    }
    while (carry && b->len < DIGITS) {
        b->d[b->len++] = (unsigned char)(carry % 10);
        carry /= 10;
    }
}

static struct big big_add(const struct big *x, const struct big *y) {
    struct big r;
    int carry = 0, n = x->len > y->len ? x->len : y->len;
    r.len = 0;
    for (int i = 0; i < n || carry; i++) {
        int s = carry + (i < x->len ? x->d[i] : 0) + (i < y->len ? y->d[i] : 0);
        r.d[r.len++] = (unsigned char)(s % 10);
        carry = s / 10;
    }
    return r;
}

static void big_print(const char *tag, const struct big *b) {
    printf("%s=", tag);
    for (int i = b->len - 1; i >= 0; i--)
        putchar('0' + b->d[i]);
    printf(" (%d digits)\n", b->len);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 30)
        return 1;
    struct big f;
    big_set(&f, 1);
    for (int i = 2; i <= n; i++)
        big_mul_small(&f, i);
    big_print("fact", &f);
    struct big a, b;
    big_set(&a, 0);
    big_set(&b, 1);
    for (int i = 0; i < n * 3; i++) {
        struct big c = big_add(&a, &b);
        a = b;
        b = c;
    }
    big_print("fib", &a);
    return f.len;
}
