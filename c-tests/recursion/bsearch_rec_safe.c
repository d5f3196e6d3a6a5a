// class: recursion
// expect: safe
// Recursive binary search over {2, 5, ..., 23} finds every x <= 23 with x % 3 == 2 and returns only matching indexes.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static const int a[8] = {2, 5, 8, 11, 14, 17, 20, 23};

static int find(int x, int lo, int hi)
{
    if (lo > hi)
        return -1;
    int mid = (lo + hi) / 2;
    if (a[mid] == x)
        return mid;
    if (a[mid] < x)
        return find(x, mid + 1, hi);
    return find(x, lo, mid - 1);
}

int main(void)
{
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 30)
        return 0;
    int i = find(x, 0, 7);
    if (i >= 0 && a[i] != x)
        reach_error();
    if (i < 0 && x % 3 == 2 && x <= 23)
        reach_error();
    return 0;
}
