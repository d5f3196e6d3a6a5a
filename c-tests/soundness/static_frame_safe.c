// class: static
// expect: safe
// inputs: 4 0
// A helper two calls down writes the global only in record mode; outside it, the caller's value saved before the calls survives them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int saved;
int mode;
int writes;

static void store(int v)
{
    writes++;
    if (mode == 1)
        saved = v;
}

static void note(int v)
{
    if (v > 0)
        store(v);
    store(v + 1);
}

int main(void)
{
    int x = __VERIFIER_nondet_int();
    mode = __VERIFIER_nondet_int();
    saved = x;
    if (mode != 1) {
        note(x + 1);
        if (saved != x)
            reach_error();
    }
    return 0;
}
