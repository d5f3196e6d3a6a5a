// class: bitfield
// expect: violation
// inputs: 3 5
// Two 4-bit fields read as one byte through a union: gcc on x86-64 allocates the first field in the low bits, so lo = 3, hi = 5 is the byte 0x53, not the 0x35 this program expects.
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
    if (a == 3 && b == 5 && u.byte != 0x35)
        reach_error();
    return 0;
}
