// class: bitfield
// expect: violation
// inputs: 3
// `int x : 3` holds -4..3 (gcc: plain int bit-fields are signed, out-of-range stores wrap): 3 + 1 stored back reads -4, less than before.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct s {
    int x : 3;
};

int main(void)
{
    struct s s;
    int v = __VERIFIER_nondet_int();

    if (v < -4 || v > 3)
        return 0;
    s.x = v;
    s.x += 1;
    if (s.x < v)
        reach_error();
    return 0;
}
