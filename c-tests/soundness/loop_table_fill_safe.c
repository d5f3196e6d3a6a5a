// class: loop
// expect: safe
// inputs: 7
// The error depends on the loop's last write: table[9] is 18, so the branch is never taken (the slice keeps the loop, which writes what the error reads).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int table[10];

int main(void)
{
    int i;
    int x = __VERIFIER_nondet_int();
    for (i = 0; i < 10; i++)
        table[i] = 2 * i;
    if (x == 7 && table[9] != 18)
        reach_error();
    return 0;
}
