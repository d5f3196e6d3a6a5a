// class: bitfield
// expect: safe
// inputs: 3
// inputs: -4
// The twin of bitfield_signed_bug.c: incrementing `int x : 3` only wraps (to -4) from 3, which the condition excludes.
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
    if (s.x < v && v != 3)
        reach_error();
    return 0;
}
