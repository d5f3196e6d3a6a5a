// class: shortcircuit
// expect: safe
// inputs: 0 1
// inputs: 1 0
// The twin of shortcircuit_effects_bug.c: exactly one of the two bump() calls runs (the && one when a != 0, the || one when a == 0), and r2 == 1 with a == 0 needs b != 0.
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

    if (calls != 1 || (a == 0 && r2 == 1 && b == 0))
        reach_error();
    return r1;
}
