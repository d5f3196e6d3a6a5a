// covers: reach_error() on some inputs only, called deep in a call chain and after loops; SV-COMP style reach_error definition
// inputs: 1 2
// inputs: 5 5
// inputs: 10 0
// inputs: 3 4
// inputs: 3 1
// inputs: 10 20
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "reach_error_inputs.c", 9, "reach_error"); }

static int lock_held;

static void lock(void) {
    if (lock_held) {
        printf("double lock\n");
        reach_error();
    }
    lock_held = 1;
}

static void unlock(void) {
    if (!lock_held) {
        printf("unlock without lock\n");
        reach_error();
    }
    lock_held = 0;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    for (int i = 0; i < a && i < 10; i++) {
        lock();
        if (i != b)
            unlock();
        printf("iteration %d\n", i);
    }
    if (a == 10)
        unlock();
    printf("done held=%d\n", lock_held);
    return 0;
}
