// class: ctor
// expect: safe
// inputs: 5
// The twin of ctor_init_bug.c: the constructor has set `ready` before main, so ready != 1 never holds (a checker that skips constructors finds a false bug).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int ready;

__attribute__((constructor)) static void setup(void)
{
    ready = 1;
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == 5 && ready != 1)
        reach_error();
    return 0;
}
