// class: volatile
// expect: safe
// inputs: 5
// The twin of volatile_counter_bug.c: with no outside writer (this corpus's choice for volatile) the counter is n, and 5 is excluded.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static volatile int count;

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 20 || n == 5)
        return 0;
    for (i = 0; i < n; i++)
        count++;
    if (count == 5)
        reach_error();
    return 0;
}
