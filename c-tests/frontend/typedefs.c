// covers: typedefs of scalars, pointers, arrays, structs, function pointers, nested typedefs, typedef shadowed by a variable name in an inner scope
// inputs: 6
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

typedef int i32;
typedef unsigned int u32;
typedef i32 myint;
typedef myint *myint_ptr;
typedef int vec3[3];
typedef struct point { i32 x, y; } point_t, *point_ptr;
typedef int (*binop_fn)(int, int);
typedef unsigned char byte;
typedef struct list list_t;
struct list {
    int v;
    list_t *next;
};

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

static point_t make(i32 x, i32 y) {
    point_t p = {x, y};
    return p;
}

int main(void) {
    myint n = __VERIFIER_nondet_int();
    myint_ptr pn = &n;
    vec3 v = {1, 2, 3};
    point_t p = make(n, *pn + 1);
    point_ptr pp = &p;
    binop_fn ops[2] = {add, mul};
    u32 big = 4000000000u;
    byte b = (byte)(n * 50);
    printf("n=%d v=%d,%d,%d p=%d,%d\n", n, v[0], v[1], v[2], pp->x, pp->y);
    printf("ops %d %d big=%u b=%u\n", ops[0](n, 3), ops[1](n, 3), big, b);
    list_t l2 = {2, 0};
    list_t l1 = {1, &l2};
    int s = 0;
    for (list_t *it = &l1; it; it = it->next)
        s += it->v;
    printf("list sum=%d sizeof(vec3)=%lu sizeof(point_t)=%lu\n", s, sizeof(vec3), sizeof(point_t));
    {
        int i32 = 5;
        printf("shadow i32=%d\n", i32 * 2);
    }
    i32 after = 7;
    return after + s;
}
