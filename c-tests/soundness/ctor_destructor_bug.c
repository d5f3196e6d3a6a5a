// class: ctor
// expect: violation
// inputs: 7
// A destructor runs after main returns and checks that main left the balance at 0; for n == 7 main leaves it at 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int balance;

__attribute__((destructor)) static void teardown(void)
{
    if (balance != 0)
        reach_error();
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 10)
        return 0;
    for (i = 0; i < n; i++)
        balance++;
    for (i = 0; i < n; i++)
        balance--;
    if (n == 7)
        balance++;
    return 0;
}
