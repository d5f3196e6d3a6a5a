// class: union
// expect: safe
// answer: unknown
// inputs: 16909060
// The twin of union_bytes_bug.c with little-endian byte order: the low byte of the int is b[0].
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
    if (k == 0x01020304 && (u.b[0] != 4 || u.b[3] != 1))
        reach_error();
    return 0;
}
