// covers: local initializers (scalars, nested, designated, partial, string char arrays, from expressions and calls), static local initializers, compound literals
// inputs: 4
// inputs: 11
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct cfg {
    int id;
    char name[6];
    int vals[4];
    struct {
        int lo, hi;
    } range;
};

static int twice(int x) { return 2 * x; }

static int next_id(void) {
    static int id = 100;
    static int table[3] = {7, 8, 9};
    static struct cfg last = {.id = -1, .name = "none"};
    id++;
    table[id % 3] += id;
    printf("last=%d %s table=%d,%d,%d\n", last.id, last.name, table[0], table[1], table[2]);
    last.id = id;
    return id;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int a = n * 3, b = twice(a), c = a + b;
    printf("a=%d b=%d c=%d\n", a, b, c);
    int arr[5] = {n, n + 1};
    int zeros[4] = {0};
    int des[6] = {[3] = 1, [0] = 9, n};
    printf("arr=%d %d %d %d %d zeros=%d %d\n", arr[0], arr[1], arr[2], arr[3], arr[4], zeros[0], zeros[3]);
    for (int i = 0; i < 6; i++)
        printf("%d", des[i]);
    printf("\n");
    char s1[] = "local";
    char s2[10] = "ab";
    char s3[3] = {'x', 'y', 0};
    char s4[5] = "four";
    printf("%s %s %s %s %lu %d\n", s1, s2, s3, s4, sizeof(s1), s2[9]);
    struct cfg c1 = {1, "one", {1, 2, 3, 4}, {0, 10}};
    struct cfg c2 = {.name = "two", .range.hi = n, .vals[2] = 5};
    struct cfg c3 = c1;
    c3.vals[0] = 42;
    printf("c1=%d %s %d %d %d-%d\n", c1.id, c1.name, c1.vals[0], c1.vals[3], c1.range.lo, c1.range.hi);
    printf("c2=%d %s %d %d %d-%d\n", c2.id, c2.name, c2.vals[0], c2.vals[2], c2.range.lo, c2.range.hi);
    printf("c3=%d\n", c3.vals[0]);
    int m[2][2] = {{n, 0}, [1] = {[1] = n * n}};
    printf("m=%d %d %d %d\n", m[0][0], m[0][1], m[1][0], m[1][1]);
    int *pc = (int[]){3, 1, 4, 1, 5};
    printf("compound=%d %d\n", pc[2], pc[4]);
    for (int i = 0; i < 3; i++)
        printf("id=%d\n", next_id());
    for (int i = 0; i < 3; i++) {
        int fresh = i;
        static int kept;
        kept += fresh;
        printf("fresh=%d kept=%d\n", fresh, kept);
    }
    return c & 0x3f;
}
