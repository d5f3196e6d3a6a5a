// class: loop
// expect: safe
// Maximum of six inputs by a scan from index 1: no element exceeds it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a[6];
    int i, m;
    for (i = 0; i < 6; i++) {
        a[i] = __VERIFIER_nondet_int();
        if (a[i] < -100 || a[i] > 100)
            return 0;
    }
    m = a[0];
    for (i = 1; i < 6; i++)
        if (a[i] > m)
            m = a[i];
    for (i = 0; i < 6; i++)
        if (a[i] > m)
            reach_error();
    return 0;
}
