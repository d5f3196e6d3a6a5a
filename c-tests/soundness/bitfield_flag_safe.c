// class: bitfield
// expect: safe
// inputs: 2
// The twin of bitfield_flag_bug.c: the flag is assigned k != 0, which is 0 or 1 and survives the 1-bit store.
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

    f.ready = k != 0;
    f.error = !f.ready;
    if (k != 0 && f.error)
        reach_error();
    return 0;
}
