// class: ptrarith
// expect: safe
// inputs: 3
// inputs: 7
// The twin of ptrarith_walk_bug.c: p - arr is k, and p[7 - k] is arr[7], so arr holds 5 at k only (6 when k == 7).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int arr[8] = { 0 };
    int k = __VERIFIER_nondet_int();
    int *p;

    if (k < 0 || k > 7)
        return 0;
    p = arr + k;
    *p = 5;
    p[-k + 7] += 1;
    if (p - arr != k || (k != 7 && arr[k] != 5) || arr[7] != (k == 7 ? 6 : 1))
        reach_error();
    return 0;
}
