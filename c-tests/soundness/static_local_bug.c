// class: static
// expect: violation
// inputs: 3
// A static local counts the calls across invocations: after n calls the next call returns n + 1, which is 4 for n == 3.
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
    if (next_id() == 4)
        reach_error();
    return 0;
}
