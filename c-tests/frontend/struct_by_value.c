// covers: struct assignment, struct arguments and return values by value, copies are independent, nested struct copy, arrays of structs copied
// inputs: 2
// inputs: 10
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct vec {
    int x, y;
};

struct rect {
    struct vec lo, hi;
    char name[8];
};

static struct vec vadd(struct vec a, struct vec b) {
    struct vec r;
    r.x = a.x + b.x;
    r.y = a.y + b.y;
    a.x = 999;
    return r;
}

static struct rect grow(struct rect r, int d) {
    r.lo.x -= d;
    r.lo.y -= d;
    r.hi = vadd(r.hi, (struct vec){d, d});
    r.name[0] = 'G';
    return r;
}

static int area(const struct rect *r) {
    return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

int main(void) {
    int d = __VERIFIER_nondet_int();
    struct vec a = {1, 2}, b = {10, 20};
    struct vec c = vadd(a, b);
    printf("a=%d,%d c=%d,%d\n", a.x, a.y, c.x, c.y);
    struct rect r = {{0, 0}, {3, 4}, "rect"};
    struct rect g = grow(r, d);
    printf("r=%d,%d-%d,%d %s area=%d\n", r.lo.x, r.lo.y, r.hi.x, r.hi.y, r.name, area(&r));
    printf("g=%d,%d-%d,%d %s area=%d\n", g.lo.x, g.lo.y, g.hi.x, g.hi.y, g.name, area(&g));
    struct rect copy;
    copy = g;
    copy.lo = copy.hi;
    g.name[1] = '!';
    printf("copy=%d,%d %s g=%s\n", copy.lo.x, copy.lo.y, copy.name, g.name);
    struct vec arr[3] = {{1, 1}, {2, 2}, {3, 3}};
    arr[0] = arr[2];
    arr[2] = vadd(arr[0], arr[1]);
    printf("arr=%d,%d %d,%d %d,%d\n", arr[0].x, arr[0].y, arr[1].x, arr[1].y, arr[2].x, arr[2].y);
    struct vec *pv = &arr[1];
    *pv = c;
    printf("arr1=%d,%d\n", arr[1].x, arr[1].y);
    return area(&g) & 0xff;
}
