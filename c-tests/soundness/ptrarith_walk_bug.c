// class: ptrarith
// expect: violation
// inputs: 3
// A pointer k elements into an array: writing through it sets arr[k], and p - arr is k; for k == 3 arr[3] becomes 5.
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
    if (arr[3] == 5)
        reach_error();
    return 0;
}
