// class: shortcircuit
// expect: violation
// inputs: 0 1
// && and || skip their right operand: with a == 0 the first bump() is skipped and the second runs, so calls == 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int calls;

static int bump(int v)
{
    calls++;
    return v;
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int r1 = a && bump(b);
    int r2 = a || bump(b);

    if (calls == 1 && r2 == 1 && a == 0)
        reach_error();
    return r1;
}
