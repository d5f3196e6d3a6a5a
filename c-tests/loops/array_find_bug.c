// class: loop
// expect: violation
// inputs: 24
// Linear search with early exit over 0, 3, ..., 21: the caller expects multiples of 3 up to 24 to be found.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a[8];
    int x = __VERIFIER_nondet_int();
    int i, found = -1;
    if (x < 0 || x > 30)
        return 0;
    for (i = 0; i < 8; i++)
        a[i] = 3 * i;
    for (i = 0; i < 8; i++) {
        if (a[i] == x) {
            found = i;
            break;
        }
    }
    if (found >= 0 && a[found] != x)
        reach_error();
    if (found < 0 && x % 3 == 0 && x <= 24)
        reach_error();
    return 0;
}
