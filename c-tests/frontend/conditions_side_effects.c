// covers: assignments inside conditions, calls with side effects in if/while/for conditions, ++ in conditions, nested conditionals with short-circuit calls
// inputs: 4 0
// inputs: 0 2
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int budget;

static int take(int cost) {
    printf("take %d (budget %d)\n", cost, budget);
    if (budget < cost)
        return 0;
    budget -= cost;
    return 1;
}

static int next_value(int *cursor, const int *vals) {
    return vals[(*cursor)++];
}

int main(void) {
    budget = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    int x;
    if ((x = budget * 2) > 5)
        printf("x=%d big\n", x);
    if (take(1) && take(2))
        printf("took 3\n");
    if (take(10) || take(0))
        printf("took something\n");
    int vals[] = {3, 1, 4, 0, 5};
    int cur = 0, v, sum = 0;
    while ((v = next_value(&cur, vals)) != 0)
        sum += v;
    printf("sum=%d cur=%d\n", sum, cur);
    int i = 0;
    while (i++ < 3 && take(m))
        printf("loop %d\n", i);
    printf("i=%d budget=%d\n", i, budget);
    for (int k = 0; k < 3 && (m == 0 || take(1)); k++)
        printf("for k=%d\n", k);
    return budget;
}
