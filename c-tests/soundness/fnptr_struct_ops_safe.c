// class: fnptr
// expect: safe
// inputs: 1 1
// inputs: 0 2
// The twin of fnptr_struct_ops_bug.c: lazy_close clears the state exactly in mode 1, the only mode strict_open accepts, so every successful open is closed.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct dev_ops {
    int (*open)(int mode);
    void (*close)(int mode);
};

static int opened;

static int plain_open(int mode) { if (mode > 3) return -1; opened = 1; return 0; }
static void plain_close(int mode) { (void)mode; opened = 0; }
static int strict_open(int mode) { if (mode != 1) return -1; opened = 2; return 0; }
static void lazy_close(int mode) { if (mode == 1) opened = 0; }

static const struct dev_ops ops_a = { plain_open, plain_close };
static const struct dev_ops ops_b = { strict_open, lazy_close };

int main(void)
{
    int which = __VERIFIER_nondet_int();
    int mode = __VERIFIER_nondet_int();
    const struct dev_ops *ops = which ? &ops_b : &ops_a;

    if (ops->open(mode) == 0)
        ops->close(mode);
    if (opened != 0)
        reach_error();
    return 0;
}
