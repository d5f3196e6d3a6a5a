// class: loop
// expect: safe
// Fill a 10-element global array with squares, then check the entry at an input index.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int a[10];

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int i;
    if (k < 0 || k > 9)
        return 0;
    for (i = 0; i < 10; i++)
        a[i] = i * i;
    if (a[k] != k * k)
        reach_error();
    return 0;
}
