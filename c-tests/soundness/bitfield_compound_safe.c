// class: bitfield
// expect: safe
// inputs: 5
// inputs: 6
// The twin of bitfield_compound_bug.c: for 1 <= n <= 5 the 4-bit counter holds 3n (3..15) without wrapping, and the ++ on the other field wraps to its own n mod 16.
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
    if ((s.cnt < 3 && n > 0 && n < 6) || s.ticks != n % 16)
        reach_error();
    return 0;
}
