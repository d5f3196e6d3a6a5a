// class: loop
// expect: violation
// inputs: 5
// inputs: 1
// i counts up and j counts down from n: for odd n they cross, so i == j fails.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, j;
    if (n < 0 || n > 1000)
        return 0;
    j = n;
    while (i < j) {
        i++;
        j--;
    }
    if (i != j)
        reach_error();
    return 0;
}
