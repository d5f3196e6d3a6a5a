// class: fnptr
// expect: safe
// inputs: 3
// inputs: -1
// The twin of fnptr_select_error_bug.c: the pointer may hold reach_error (k == 3), but it is only called when k is negative, where it still points to tick.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int count;

static void tick(void)
{
    count++;
}

int main(void)
{
    void (*f)(void) = tick;
    int k = __VERIFIER_nondet_int();

    if (k == 3)
        f = reach_error;
    if (k < 0)
        f();
    return 0;
}
