// covers: ++ and -- prefix and postfix on variables, pointers, array elements, fields, through pointers, in expressions
// inputs: 4
// inputs: -3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct node {
    int count;
    int vals[3];
};

int main(void) {
    int n = __VERIFIER_nondet_int();
    int a = n;
    int b = a++;
    int c = ++a;
    printf("a=%d b=%d c=%d\n", a, b, c);
    int d = a--;
    int e = --a;
    printf("a=%d d=%d e=%d\n", a, d, e);
    int arr[5] = {10, 20, 30, 40, 50};
    int *p = arr;
    int v = *p++;
    printf("v=%d *p=%d\n", v, *p);
    v = *++p;
    printf("v=%d\n", v);
    v = (*p)++;
    printf("v=%d arr[2]=%d\n", v, arr[2]);
    v = ++*p;
    printf("v=%d arr[2]=%d\n", v, arr[2]);
    v = *p--;
    printf("v=%d p-arr=%d\n", v, (int)(p - arr));
    int i = 0;
    arr[i++] += 5;
    arr[++i]--;
    printf("i=%d arr=%d %d %d %d %d\n", i, arr[0], arr[1], arr[2], arr[3], arr[4]);
    struct node nd = {0, {1, 2, 3}};
    struct node *pn = &nd;
    nd.count++;
    ++pn->count;
    pn->vals[pn->count]++;
    --nd.vals[0];
    printf("count=%d vals=%d %d %d\n", nd.count, nd.vals[0], nd.vals[1], nd.vals[2]);
    unsigned u = 0;
    u--;
    printf("u=%u\n", u);
    char ch = 127;
    ch++;
    printf("ch=%d\n", ch);
    unsigned char uc = 255;
    ++uc;
    printf("uc=%d\n", uc);
    long l = n;
    l++;
    l++;
    printf("l=%ld\n", l);
    int k = 0, total = 0;
    while (k++ < 5)
        total += k;
    printf("k=%d total=%d\n", k, total);
    return a - n;
}
