// class: volatile
// expect: violation
// inputs: 5
// A volatile global counter incremented n times; n == 5 makes it 5 (the bug is reachable whether or not volatile reads are modelled as arbitrary).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static volatile int count;

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 20)
        return 0;
    for (i = 0; i < n; i++)
        count++;
    if (count == 5)
        reach_error();
    return 0;
}
