// class: recursion
// expect: safe
// A global counter of recursive calls: walk(n) with n <= 49 makes n + 1 <= 50 calls.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int calls;

static void walk(int n)
{
    calls++;
    if (n > 0)
        walk(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 49)
        return 0;
    walk(n);
    if (calls > 50)
        reach_error();
    return 0;
}
