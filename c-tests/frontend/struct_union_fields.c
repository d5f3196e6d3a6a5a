// covers: struct and union fields, nested structs, arrays in structs, pointers to structs, anonymous struct/union members, union writes and reads of the same member
// inputs: 3
// inputs: -4
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct inner {
    short a;
    char tag;
    long b;
};

struct outer {
    int id;
    struct inner in;
    struct inner arr[2];
    union {
        int as_int;
        unsigned as_uint;
    } u;
    struct {
        int x, y;
    };
    union {
        long wide;
        int narrow;
    };
};

union value {
    int i;
    long l;
    char c;
    struct inner s;
};

int main(void) {
    int n = __VERIFIER_nondet_int();
    struct outer o;
    o.id = n;
    o.in.a = (short)(n * 100);
    o.in.tag = 'q';
    o.in.b = (long)n * 1000000000L;
    o.arr[0] = o.in;
    o.arr[1].a = 7;
    o.arr[1].tag = 'r';
    o.arr[1].b = -1;
    o.u.as_int = n;
    o.x = n + 1;
    o.y = n + 2;
    o.wide = 5;
    printf("id=%d a=%d tag=%c b=%ld\n", o.id, o.in.a, o.in.tag, o.in.b);
    printf("arr0=%d,%c,%ld arr1=%d,%c,%ld\n", o.arr[0].a, o.arr[0].tag, o.arr[0].b, o.arr[1].a, o.arr[1].tag, o.arr[1].b);
    printf("u=%d anon=%d,%d wide=%ld\n", o.u.as_int, o.x, o.y, o.wide);
    struct outer *po = &o;
    struct inner *pi = &po->arr[1];
    pi->b += po->in.b;
    po->in.tag++;
    printf("pi->b=%ld tag=%c\n", pi->b, o.in.tag);
    union value v;
    v.l = n;
    printf("v.l=%ld\n", v.l);
    v.s.a = 9;
    v.s.tag = 'z';
    v.s.b = 10;
    printf("v.s=%d %c %ld\n", v.s.a, v.s.tag, v.s.b);
    v.c = 'k';
    printf("v.c=%c sizeof(union value)=%lu sizeof(struct outer)=%lu\n", v.c, sizeof(union value), sizeof(struct outer));
    return o.x;
}
