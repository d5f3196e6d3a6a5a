// class: fnptr
// expect: violation
// inputs: 11 1
// A function pointer returned by pick() and passed to apply(); pick returns twice (not negate) for k > 10, so a positive v gives a positive result.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef int (*xform)(int);

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

static xform pick(int k)
{
    return k > 10 ? twice : negate;
}

static int apply(xform f, int v)
{
    return f(v);
}

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();
    int r;

    if (v < -1000 || v > 1000)
        return 0;
    r = apply(pick(k), v);
    if (k > 10 && v > 0 && r > 0)
        reach_error();
    return 0;
}
