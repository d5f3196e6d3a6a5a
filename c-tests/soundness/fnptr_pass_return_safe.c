// class: fnptr
// expect: safe
// inputs: 11 1
// inputs: 3 5
// The twin of fnptr_pass_return_bug.c: pick returns negate for k > 10, so a positive v always gives a negative result there.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef int (*xform)(int);

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

static xform pick(int k)
{
    return k > 10 ? negate : twice;
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
