// class: ctor
// expect: safe
// inputs: 7
// The twin of ctor_destructor_bug.c: main restores the balance for n == 7 too, so the destructor's check holds.
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
    if (n == 7) {
        balance++;
        balance--;
    }
    return 0;
}
