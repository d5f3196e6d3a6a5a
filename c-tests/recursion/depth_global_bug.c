// class: recursion
// expect: violation
// inputs: 50
// A global counter of recursive calls: with n up to 50, walk(50) makes 51 calls.
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
    if (n < 0 || n > 50)
        return 0;
    walk(n);
    if (calls > 50)
        reach_error();
    return 0;
}
