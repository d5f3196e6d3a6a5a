// class: bitfield
// expect: safe
// inputs: 3
// inputs: -21
// The twin of bitfield_init_const_bug.c: c.mode + c.bias is 1 + (-4), so only k == 3 (positive) gives 0 (reading 9 + 12 would give a false bug at k == -21).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct cfg {
    unsigned mode : 3;
    int bias : 4;
};

static struct cfg c = { 9, 12 };

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < -100 || k > 100)
        return 0;
    if (c.mode + c.bias + k == 0 && k < 0)
        reach_error();
    return 0;
}
