// class: vla
// expect: violation
// inputs: 5
// sizeof of a variable length array is computed at run time: int a[n] is 20 bytes for n == 5.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();

    if (n < 1 || n > 8)
        return 0;
    int a[n];
    a[0] = n;
    if (sizeof a == 20)
        reach_error();
    return a[0] - n;
}
