// class: bitfield
// expect: violation
// inputs: 9
// A header struct of bit-fields copied to bytes with memcpy: version (2 bits) is the low end of byte 0, so version 2, flags 9 is 0x26; the program expects the version in the top bits (0x89).
#include <string.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct hdr {
    unsigned version : 2;
    unsigned flags : 6;
    unsigned len : 8;
};

int main(void)
{
    struct hdr h;
    unsigned char b[sizeof(struct hdr)];
    int f = __VERIFIER_nondet_int();

    if (f < 0 || f > 63)
        return 0;
    memset(&h, 0, sizeof h);
    h.version = 2;
    h.flags = f;
    h.len = 40;
    memcpy(b, &h, sizeof h);
    if (f == 9 && b[0] != 0x89)
        reach_error();
    return 0;
}
