// class: loop
// expect: violation
// inputs: 0 0 0 -5
// inputs: 3 2 1 0
// Bubble sort whose inner loop stops at j < 2 - i: a[3] is never compared.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a[4];
    int i, j, t;
    for (i = 0; i < 4; i++) {
        a[i] = __VERIFIER_nondet_int();
        if (a[i] < -20 || a[i] > 20)
            return 0;
    }
    for (i = 0; i < 3; i++)
        for (j = 0; j < 2 - i; j++)
            if (a[j] > a[j + 1]) {
                t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
    for (i = 0; i < 3; i++)
        if (a[i] > a[i + 1])
            reach_error();
    return 0;
}
