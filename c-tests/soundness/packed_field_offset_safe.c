// class: packed
// expect: safe
// answer: unknown
// inputs: 5
// inputs: 8
// The twin of packed_field_offset_bug.c with the right offset: the byte 0x7e appears only at offset 5, where the packed layout puts c.
#include <string.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct q {
    char a;
    int b __attribute__((packed));
    char c;
};

int main(void)
{
    struct q s;
    unsigned char raw[sizeof(struct q)];
    int idx = __VERIFIER_nondet_int();

    memset(&s, 0, sizeof s);
    s.a = 0x11;
    s.b = 0x01020304;
    s.c = 0x7e;
    memcpy(raw, &s, sizeof s);
    if (idx < 0 || idx >= (int)sizeof s)
        return 0;
    if (raw[idx] == 0x7e && idx != 5)
        reach_error();
    return 0;
}
