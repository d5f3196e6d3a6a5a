// svcomp: violation
// hostile: violation
// A heap object's field is the state: the violation needs the allocation to succeed and
// the input to be 3; both readings find it, and the compiled program agrees on whether
// the allocation succeeded.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);

struct dev {
    int state;
    struct dev *next;
};

int main(void)
{
    struct dev *d = malloc(sizeof *d);
    if (d == 0)
        return 1;
    d->state = __VERIFIER_nondet_int();
    d->next = 0;
    if (d->state == 3 && d->next == 0)
        reach_error();
    return 0;
}
