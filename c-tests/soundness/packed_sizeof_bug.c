// class: packed
// expect: violation
// inputs: 3
// `__attribute__((packed))` makes struct p 5 bytes (char + int, no padding): k records take 15 bytes for k == 3 (with the default layout of 8 bytes, 15 is never reached).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct __attribute__((packed)) p {
    char c;
    int i;
};

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 100)
        return 0;
    if (k * (int)sizeof(struct p) == 15)
        reach_error();
    return 0;
}
