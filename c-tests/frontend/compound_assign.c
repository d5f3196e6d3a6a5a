// covers: compound assignment with every operator on int, unsigned, char, short, long, array elements, fields, through pointers
// inputs: 7 3
// inputs: -9 4
// inputs: 100 1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct acc {
    int i;
    unsigned u;
    char c;
};

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (b <= 0 || b > 8 || a < -1000 || a > 1000)
        return 1;
    int x = a;
    x += b; printf("+= %d\n", x);
    x -= 3 * b; printf("-= %d\n", x);
    x *= b; printf("*= %d\n", x);
    x /= b; printf("/= %d\n", x);
    x %= b; printf("%%= %d\n", x);
    x = a < 0 ? -a : a;
    x <<= b; printf("<<= %d\n", x);
    x >>= 1; printf(">>= %d\n", x);
    x &= 0x7f; printf("&= %d\n", x);
    x |= 0x100; printf("|= %d\n", x);
    x ^= 0x1ff; printf("^= %d\n", x);

    unsigned u = (unsigned)a;
    u += 4000000000u; printf("u+= %u\n", u);
    u *= 3; printf("u*= %u\n", u);
    u >>= b; printf("u>>= %u\n", u);
    u -= 5000000000u % 4294967296u; printf("u-= %u\n", u);

    char c = 'A';
    c += b; printf("c+= %c %d\n", c, c);
    c *= 2; printf("c*= %d\n", c);
    short s = 30000;
    s += 1000; printf("s+= %d\n", s);
    long l = a;
    l *= 100000000L; printf("l*= %ld\n", l);
    l >>= 3; printf("l>>= %ld\n", l);

    int arr[4] = {1, 2, 3, 4};
    int *p = arr;
    arr[b % 4] += 10;
    p[1] *= a;
    *(p + 2) <<= 2;
    p += 3;
    *p -= 100;
    p -= 2;
    printf("arr %d %d %d %d p-arr=%ld\n", arr[0], arr[1], arr[2], arr[3], (long)(p - arr));
    struct acc s1 = {5, 6u, 'x'};
    struct acc *ps = &s1;
    s1.i %= 3;
    ps->u |= 0xf0;
    ps->c -= 1;
    printf("struct %d %u %c\n", s1.i, s1.u, s1.c);
    return x & 0xff;
}
