// class: narrow
// expect: safe
// inputs: 1 2
// The twin of narrow_sub_bug.c with unsigned short operands: they promote to int, so a - b is negative for a < b.
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void)
{
    unsigned short a = __VERIFIER_nondet_ushort();
    unsigned short b = __VERIFIER_nondet_ushort();

    if (a > 60000 || b > 60000)
        return 0;
    if (a < b && a - b > 0)
        reach_error();
    return 0;
}
