// class: narrow
// expect: violation
// inputs: -2
// On a negative signed char, >> is an arithmetic shift (gcc) and / truncates toward zero: they agree on even values, so c == -2 reaches the error.
extern void reach_error(void);
extern signed char __VERIFIER_nondet_char(void);

int main(void)
{
    signed char c = __VERIFIER_nondet_char();

    if (c < 0 && c % 2 == 0 && (c >> 1) != c / 2 - 1)
        reach_error();
    return 0;
}
