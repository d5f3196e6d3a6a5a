// class: ternary
// expect: violation
// inputs: -3
// Nested conditional expressions with a side effect in one arm: for x == -3 the sign is -1 and steps is 1, so sign + steps == 0 with x != 0.
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

    if (sign + steps == 0 && x != 0)
        reach_error();
    return 0;
}
