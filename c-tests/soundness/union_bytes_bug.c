// class: union
// expect: violation
// inputs: 16909060
// An int and its bytes in a union: x86-64 is little-endian, so 0x01020304 (16909060) has b[0] == 4, not the 1 this program expects.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

union word {
    int i;
    unsigned char b[4];
};

int main(void)
{
    union word u;
    int k = __VERIFIER_nondet_int();

    u.i = k;
    if (k == 0x01020304 && (u.b[0] != 1 || u.b[3] != 4))
        reach_error();
    return 0;
}
