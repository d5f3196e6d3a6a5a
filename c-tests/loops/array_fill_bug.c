// class: loop
// expect: violation
// inputs: 9
// The fill loop stops at i < 9: a[9] keeps its initial 0 instead of 81.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int a[10];

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int i;
    if (k < 0 || k > 9)
        return 0;
    for (i = 0; i < 9; i++)
        a[i] = i * i;
    if (a[k] != k * k)
        reach_error();
    return 0;
}
