// covers: running out of nondeterministic inputs (status 98 in both runs) after partial output, including a run with no inputs at all
// inputs: 1 2 3
// inputs: 1 2
// inputs:
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int sum = 0;
    for (int i = 0; i < 3; i++) {
        int v = __VERIFIER_nondet_int();
        sum += v;
        printf("read %d sum %d\n", v, sum);
    }
    return sum;
}
