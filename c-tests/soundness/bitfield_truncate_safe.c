// class: bitfield
// expect: safe
// inputs: 8
// The twin of bitfield_truncate_bug.c: the field reads 0 exactly when v is a multiple of 8.
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
    if (s.x == 0 && (v & 7) != 0)
        reach_error();
    return 0;
}
