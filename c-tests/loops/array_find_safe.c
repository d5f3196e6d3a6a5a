// class: loop
// expect: safe
// Linear search with early exit over the multiples of 3 up to 21: every such x is found at a matching index.
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
    if (found < 0 && x % 3 == 0 && x <= 21)
        reach_error();
    return 0;
}
