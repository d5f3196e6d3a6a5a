// class: bitfield
// expect: violation
// inputs: 2
// A 1-bit flag assigned an int keeps only bit 0: `f.ready = k` with k == 2 stores 0, so a nonzero k reads back as not ready.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct flags {
    unsigned ready : 1;
    unsigned error : 1;
};

int main(void)
{
    struct flags f = { 0, 0 };
    int k = __VERIFIER_nondet_int();

    f.ready = k;
    f.error = !f.ready;
    if (k != 0 && f.error)
        reach_error();
    return 0;
}
