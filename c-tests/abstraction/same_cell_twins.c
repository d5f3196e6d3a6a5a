// expect: safe
// covers: `t` and `s` can only point to `c`, so points-to resolves `{t->state == 4}` and
// `{s->state == 4}` to one cell: c2bp enforces the twins equal (same term, same scope), and
// `t = s` gives `t`'s predicates the values of `s`'s.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct conn {
    int state;
};

static void step(struct conn *c)
{
    if (__VERIFIER_nondet_int())
        c->state = 4;
}

static void run(struct conn *s)
{
    struct conn *t;
    while (s->state != 4 && s->state != 5) {
        t = s;
        step(t);
    }
}

int main(void)
{
    struct conn c;
    c.state = 0;
    run(&c);
    if (c.state == 5)
        reach_error();
    return 0;
}
