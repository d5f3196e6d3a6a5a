// class: narrow
// expect: safe
// inputs: -7
// The twin of narrow_shift_signed_bug.c on odd negative values: c >> 1 rounds down, c / 2 toward zero, so c >> 1 == c / 2 - 1 always holds there.
extern void reach_error(void);
extern signed char __VERIFIER_nondet_char(void);

int main(void)
{
    signed char c = __VERIFIER_nondet_char();

    if (c < 0 && c % 2 != 0 && (c >> 1) != c / 2 - 1)
        reach_error();
    return 0;
}
