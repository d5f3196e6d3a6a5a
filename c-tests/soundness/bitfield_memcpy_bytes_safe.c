// class: bitfield
// expect: safe
// answer: unknown
// inputs: 9
// The twin of bitfield_memcpy_bytes_bug.c with gcc's layout: byte 0 is version | flags << 2 (0x26 for flags 9) and byte 1 is len.
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
    if ((f == 9 && b[0] != 0x26) || b[1] != 40)
        reach_error();
    return 0;
}
