// svcomp: safe
// hostile: violation
// Under SV-COMP's definition `malloc` never fails, so the NULL branch is dead; in the
// hostile reading it may fail, and the run that takes the branch is replayed on the
// interpreter and as the compiled program (its allocator made to fail).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);

struct dev {
    int state;
    int flags;
};

int main(void)
{
    struct dev *d = malloc(sizeof *d);
    if (d == 0) {
        reach_error();
        return 1;
    }
    d->state = __VERIFIER_nondet_int();
    d->flags = 0;
    return d->flags;
}
