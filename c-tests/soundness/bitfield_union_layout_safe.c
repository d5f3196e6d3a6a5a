// class: bitfield
// expect: safe
// answer: unknown
// inputs: 3 5
// The twin of bitfield_union_layout_bug.c with gcc's layout: the first bit-field is the low nibble of the byte.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

union nibbles {
    struct {
        unsigned lo : 4;
        unsigned hi : 4;
    } f;
    unsigned char byte;
};

int main(void)
{
    union nibbles u = { { 0, 0 } };
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();

    if (a < 0 || a > 15 || b < 0 || b > 15)
        return 0;
    u.f.lo = a;
    u.f.hi = b;
    if (u.byte != (unsigned char)(b << 4 | a))
        reach_error();
    return 0;
}
