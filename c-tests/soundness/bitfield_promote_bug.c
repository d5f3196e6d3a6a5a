// class: bitfield
// expect: violation
// inputs: 2
// An `unsigned x : 32` field promotes to unsigned int (it does not fit in int), so s.x - 5 wraps and is >= 0 for s.x == 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct s {
    unsigned x : 32;
};

int main(void)
{
    struct s s;
    int v = __VERIFIER_nondet_int();

    if (v < 0 || v > 7)
        return 0;
    s.x = v;
    if (s.x < 5 && s.x - 5 >= 0)
        reach_error();
    return 0;
}
