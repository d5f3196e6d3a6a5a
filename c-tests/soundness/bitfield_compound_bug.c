// class: bitfield
// expect: violation
// inputs: 6
// `s.cnt += 3` on a 4-bit field wraps mod 16: after 6 steps it is 18 mod 16 == 2, below 3.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct counter {
    unsigned cnt : 4;
    unsigned ticks : 4;
};

int main(void)
{
    struct counter s = { 0, 0 };
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 40)
        return 0;
    for (i = 0; i < n; i++) {
        s.cnt += 3;
        s.ticks++;
    }
    if (s.cnt < 3 && n > 0 && n < 7)
        reach_error();
    return 0;
}
