// class: loop
// expect: violation
// inputs: 1000
// A loop of n <= 1000 iterations: the counter reaches 1000 only in the last iteration for n == 1000.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    if (n < 0 || n > 1000)
        return 0;
    while (i < n) {
        i++;
        if (i == 1000)
            reach_error();
    }
    return 0;
}
