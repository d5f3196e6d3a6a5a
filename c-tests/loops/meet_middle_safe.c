// class: loop
// expect: safe
// i counts up and j counts down from n until they meet: j - i ends at 0 or -1.
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
    if (i != j && i != j + 1)
        reach_error();
    return 0;
}
