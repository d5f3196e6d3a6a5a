// covers: bit-fields (signed, unsigned, _Bool, widths 1..31), packing, overflow wrap on assignment, bit-fields next to plain fields
// inputs: 5
// inputs: 100
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct flags {
    unsigned ready : 1;
    unsigned mode : 3;
    signed level : 4;
    unsigned count : 12;
    _Bool on : 1;
    int plain;
    unsigned wide : 31;
};

int main(void) {
    int n = __VERIFIER_nondet_int();
    struct flags f = {0};
    f.ready = 1;
    f.mode = (unsigned)n;
    f.level = -3;
    f.count = 4095;
    f.on = 1;
    f.plain = n;
    f.wide = 0x7fffffff;
    printf("ready=%u mode=%u level=%d count=%u on=%d plain=%d wide=%u\n", f.ready, f.mode, f.level, f.count, f.on, f.plain, f.wide);
    f.count++;
    f.mode += 7;
    f.level = 7;
    f.level++;
    printf("count=%u mode=%u level=%d\n", f.count, f.mode, f.level);
    f.count = (unsigned)(n * 37);
    printf("count=%u\n", f.count);
    struct flags *p = &f;
    p->ready ^= 1;
    p->wide -= 2;
    printf("ready=%u wide=%u sizeof=%lu\n", p->ready, p->wide, sizeof(struct flags));
    int sum = f.mode + f.level + f.count;
    printf("sum=%d\n", sum);
    return f.mode;
}
