// class: volatile
// expect: violation
// inputs: 9
// A volatile local written and read back: nothing else writes it here, so it holds k, and k == 9 reaches the error (also reachable if volatile reads were arbitrary).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    volatile int v;
    int k = __VERIFIER_nondet_int();

    v = k;
    if (v == 9)
        reach_error();
    return 0;
}
