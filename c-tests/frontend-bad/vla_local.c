// expect: accepted
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int buf[n];
    buf[0] = 1;
    return buf[0];
}
