// class: fnptr
// expect: violation
// inputs: 2 5
// A const table of three operations indexed by the input; ops[2] multiplies, and 5 * 3 == 15 reaches the error.
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
    if (r == 15 && i == 2)
        reach_error();
    return 0;
}
