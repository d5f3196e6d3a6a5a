// class: bitfield
// expect: violation
// inputs: 3
// Out-of-range constants in a bit-field initializer: mode = 9 stores 1 (3 bits), bias = 12 stores -4 (signed 4 bits, gcc wraps); 1 - 4 + k == 0 for k == 3.
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
    if (c.mode + c.bias + k == 0 && k > 0)
        reach_error();
    return 0;
}
