// class: loop
// expect: violation
// inputs: 5
// inputs: 1
// The same loop checked against `4 * m`: wrong for every `m > 0`; the learnt constraints must not hide it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int m = __VERIFIER_nondet_int();
    int k = 0, s = 0;
    if (m < 0 || m > 600)
        return 0;
    while (k < m) {
        k = k + 1;
        s = s + 3;
    }
    if (s != 4 * m)
        reach_error();
    return 0;
}
