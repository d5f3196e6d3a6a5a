// covers: __VERIFIER_assume passing and failing, assume on derived values, verifier nondet of several types
// inputs: 5 1
// inputs: -5 1
// inputs: 5 0
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int printf(const char *, ...);

int main(void) {
    int x = __VERIFIER_nondet_int();
    printf("x=%d\n", x);
    __VERIFIER_assume(x > 0);
    printf("past first assume\n");
    _Bool flag = __VERIFIER_nondet_bool();
    int y = flag ? x * 2 : -x;
    __VERIFIER_assume(y > x);
    printf("y=%d\n", y);
    return y;
}
