// class: ternary
// expect: safe
// inputs: -3
// inputs: 3
// The twin of ternary_nested_bug.c: only the taken arm is evaluated, so steps is 1 exactly for negative x and sign is -1, 0 or 1 accordingly.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int steps;

static int step(int v)
{
    steps++;
    return v;
}

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int sign = x > 0 ? 1 : x < 0 ? step(-1) : 0;

    if (sign + steps != (x > 0 ? 1 : 0))
        reach_error();
    return 0;
}
