// class: bitfield
// expect: safe
// inputs: 2
// The twin of bitfield_promote_bug.c with `unsigned x : 3`: the field promotes to int, so s.x - 5 is negative for s.x < 5 (a checker that keeps it unsigned finds a false bug).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct s {
    unsigned x : 3;
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
