// class: alias
// expect: safe
// inputs: 1
// A constructor returns a fresh object whose field is 0 or 1; the caller's check of the field through the returned pointer needs the callee's return predicate over \result->c mapped onto the caller's pointer.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct s {
    int a;
    unsigned char c;
};

static struct s *make(void)
{
    struct s *p = malloc(sizeof(struct s));
    if (!p)
        return 0;
    p->a = 1;
    p->c = __VERIFIER_nondet_int() ? 1 : 0;
    return p;
}

int main(void)
{
    struct s *q = make();
    if (!q)
        return 0;
    if (q->c != 0 && q->c != 1)
        reach_error();
    free(q);
    return 0;
}
