// class: memfn
// expect: violation
// inputs: 5 3
// memcpy copies the part of a stack slot before its `owner` field (offsetof) into the slot below, as drivers copy an IRP stack location; the program expects `ctx`, after the range, to be copied too, which fails for every c != 0.
#include <stddef.h>
#include <string.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct slot {
    int major;
    int minor;
    long param[2];
    void *owner;
    int ctx;
};

struct req {
    int pending;
    struct slot stack[2];
};

static struct req r;

static void copy_down(struct req *q)
{
    memcpy(&q->stack[0], &q->stack[1], offsetof(struct slot, owner));
    q->stack[0].owner = NULL;
}

int main(void)
{
    int m = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    r.stack[1].major = m;
    r.stack[1].ctx = c;
    r.stack[1].owner = &r;
    r.pending = 1;
    copy_down(&r);
    if (r.stack[0].major != m || r.stack[0].ctx != c || r.pending != 1)
        reach_error();
    return 0;
}
