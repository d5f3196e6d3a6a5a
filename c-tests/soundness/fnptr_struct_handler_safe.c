// class: fnptr
// expect: safe
// inputs: 7 200
// The twin of fnptr_struct_handler_bug.c with seed 106: a + 2*b + 106 is then even only for even a, so the hook pointing to reach_error never fires.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "fnptr_struct_handler_safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

struct checker {
    int seed;
    void (*on_fail)(void);
};

static void ignore(void)
{
}

static void verify(const struct checker *c, int a, int b)
{
    int sum = a + 2 * b + c->seed;
    if (sum % 256 == 0 && a % 2 == 1)
        c->on_fail();
}

int main(void)
{
    struct checker c = { 106, reach_error };
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();

    if (a < 0 || a > 1000 || b < 0 || b > 1000)
        return 0;
    if (a > 500)
        c.on_fail = ignore;
    verify(&c, a, b);
    return 0;
}
