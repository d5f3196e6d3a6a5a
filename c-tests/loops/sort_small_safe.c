// class: loop
// expect: safe
// Bubble sort of four inputs by nested loops leaves them in non-decreasing order.
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
        for (j = 0; j < 3 - i; j++)
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
