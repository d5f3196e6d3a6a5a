// class: packed
// expect: violation
// inputs: 5
// A packed int field: struct q is {char a; int b packed; char c;}, so c sits at offset 5 (size 6); the program reads the bytes of the struct and expects c's byte 0x7e only at offset 8.
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
    if (raw[idx] == 0x7e && idx != 8)
        reach_error();
    return 0;
}
