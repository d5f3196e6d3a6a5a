// expect: violation
// inputs: 2 1 0 2 0
// The twin of struct_array_safe.c: chan_put() drops a reference without checking that one is
// held, so putting a closed channel k makes ext->chan[k].refs negative.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define NCHAN 4

struct channel {
    int open;
    int refs;
};

struct dev_ext {
    int flags;
    struct channel chan[NCHAN];
};

static struct dev_ext the_ext;

static int chan_get(struct dev_ext *ext, int i)
{
    if (i < 0 || i >= NCHAN)
        return -22;
    ext->chan[i].open = 1;
    ext->chan[i].refs = ext->chan[i].refs + 1;
    return 0;
}

static int chan_put(struct dev_ext *ext, int i)
{
    if (i < 0 || i >= NCHAN)
        return -22;
    ext->chan[i].refs = ext->chan[i].refs - 1;
    if (ext->chan[i].refs == 0)
        ext->chan[i].open = 0;
    return 0;
}

int main(void)
{
    struct dev_ext *ext = &the_ext;
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k >= NCHAN)
        return 0;
    while (__VERIFIER_nondet_int()) {
        int op = __VERIFIER_nondet_int();
        int i = __VERIFIER_nondet_int();

        if (op)
            chan_get(ext, i);
        else
            chan_put(ext, i);
        if (ext->chan[k].refs < 0)
            reach_error();
        if (!ext->chan[k].open && ext->chan[k].refs != 0)
            reach_error();
    }
    return 0;
}
