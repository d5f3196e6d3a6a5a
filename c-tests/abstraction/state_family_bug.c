// expect: unsafe
// inputs: 16
// inputs: 1
// covers: the twin of state_family: the same sixteen exclusive predicates, and a nested
//   test of one state twice, which the input 16 passes
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int s = __VERIFIER_nondet_int();
    if (s == 16) {
        if (s > 15)
            reach_error();
    }
    return 0;
}
