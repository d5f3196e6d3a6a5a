// class: bitfield
// expect: violation
// inputs: 8
// Storing v into `unsigned x : 3` keeps v mod 8: for v == 8 the field reads 0 although v != 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct s {
    unsigned x : 3;
    unsigned rest : 29;
};

int main(void)
{
    struct s s = { 0, 0 };
    int v = __VERIFIER_nondet_int();

    if (v < 0 || v > 100)
        return 0;
    s.x = v;
    if (s.x == 0 && v != 0)
        reach_error();
    return 0;
}
