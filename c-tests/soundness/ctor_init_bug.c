// class: ctor
// expect: violation
// inputs: 5
// A constructor sets `ready` before main runs; the error needs ready == 1 and k == 5 (a checker that skips constructors sees ready == 0 and misses it).
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

    if (k == 5 && ready == 1)
        reach_error();
    return 0;
}
