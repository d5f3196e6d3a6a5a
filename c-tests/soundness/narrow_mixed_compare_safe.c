// class: narrow
// expect: safe
// inputs: -1 1
// The twin of narrow_mixed_compare_bug.c with short and unsigned short: both promote to int, so a negative i is less than any u.
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void)
{
    short i = __VERIFIER_nondet_short();
    unsigned short u = __VERIFIER_nondet_ushort();

    if (i < 0 && u < 10 && !(i < u))
        reach_error();
    return 0;
}
