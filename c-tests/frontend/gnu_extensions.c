// covers: GNU statement expressions (as values, in conditions, with locals and control flow), __extension__, __attribute__ on functions/variables/types, __inline, __restrict, __builtin_expect, typeof-free max macro
// inputs: 4 9
// inputs: 12 -3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
#define SQUARE_PLUS(x) ({ int _t = (x); int _r; if (_t < 0) _r = -_t; else _r = _t * _t; _r + 1; })

struct __attribute__((aligned(8))) aligned_box {
    int v;
} __attribute__((packed));

static __inline int twice(int x) __attribute__((const));
static __inline int twice(int x) { return 2 * x; }

__attribute__((noinline)) static int sum3(int *__restrict a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int unused_helper(void) __attribute__((unused));
static int unused_helper(void) { return 0; }

__extension__ typedef long long ext_ll;

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int m = MAX(a, b);
    printf("max=%d\n", m);
    printf("sq+1=%d %d\n", SQUARE_PLUS(a), SQUARE_PLUS(b));
    int calls = 0;
    int v = ({
        int acc = 0;
        for (int i = 0; i < a; i++) {
            if (i == 5)
                break;
            acc += i;
            calls++;
        }
        acc;
    });
    printf("v=%d calls=%d\n", v, calls);
    if (({ int t = a * b; t > 20; }))
        printf("product big\n");
    else
        printf("product small\n");
    __extension__ ext_ll big = (ext_ll)a << 40;
    printf("big=%lld\n", big);
    int arr[3] __attribute__((aligned(16))) = {a, b, twice(a)};
    printf("sum3=%d\n", sum3(arr, 3));
    if (__builtin_expect(a > b, 0))
        printf("a>b\n");
    struct aligned_box box = {.v = __extension__ 5};
    int nested = ({ int x = ({ int y = box.v; y * 2; }); x + 1; });
    printf("nested=%d box=%d\n", nested, box.v);
    return m & 0x3f;
}
