// class: packed
// expect: violation
// inputs: 3
// `__attribute__((aligned(16)))` on a struct of one int makes it 16 bytes: three of them are 48 bytes (the default layout, 4 bytes, needs k == 12).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct __attribute__((aligned(16))) slot {
    int x;
};

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 100)
        return 0;
    if (k * (int)sizeof(struct slot) == 48 && k != 12)
        reach_error();
    return 0;
}
