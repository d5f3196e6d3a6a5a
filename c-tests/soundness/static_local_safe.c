// class: static
// expect: safe
// inputs: 3
// The twin of static_local_bug.c: the static local persists, so the call after n calls returns n + 1 (a checker that resets it finds a false bug).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int next_id(void)
{
    static int calls;
    return ++calls;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 10)
        return 0;
    for (i = 0; i < n; i++)
        next_id();
    if (next_id() != n + 1)
        reach_error();
    return 0;
}
