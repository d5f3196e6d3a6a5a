// class: static
// expect: violation
// inputs: 4 1
// inputs: -3 1
// A helper two calls down writes the global only in record mode, and the caller enters the calls in every mode but 2: in record mode the saved value is overwritten.
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
    if (mode != 2) {
        note(x + 1);
        if (saved != x)
            reach_error();
    }
    return 0;
}
