// class: narrow
// expect: safe
// inputs: 200
// The twin of narrow_schar_convert_bug.c on 128..255: those convert to -128..-1 (gcc wraps), always negative.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int v = __VERIFIER_nondet_int();
    signed char c = (signed char)v;

    if (v >= 128 && v <= 255 && c >= 0)
        reach_error();
    return 0;
}
