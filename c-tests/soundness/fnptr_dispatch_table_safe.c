// class: fnptr
// expect: safe
// inputs: 2 5
// inputs: 0 11
// The twin of fnptr_dispatch_table_bug.c: ops[2] multiplies by 3, and no a gives 14 (the same value is reachable through ops[0] and ops[1], which the condition excludes).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }

static int (*const ops[3])(int, int) = { op_add, op_sub, op_mul };

int main(void)
{
    int i = __VERIFIER_nondet_int();
    int a = __VERIFIER_nondet_int();
    int r;

    if (i < 0 || i > 2 || a < -100 || a > 100)
        return 0;
    r = ops[i](a, 3);
    if (r == 14 && i == 2)
        reach_error();
    return 0;
}
