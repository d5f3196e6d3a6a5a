// class: builtin
// expect: safe
// inputs: 5 3
// inputs: 3 5
// The twin of builtin_sub_overflow_bug.c: for 0 <= b <= a <= 255 the difference fits in unsigned char, so no overflow is reported.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    unsigned char r;

    if (a < 0 || a > 255 || b < 0 || b > 255)
        return 0;
    if (__builtin_sub_overflow(a, b, &r) && b <= a)
        reach_error();
    return 0;
}
