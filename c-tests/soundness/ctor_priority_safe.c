// class: ctor
// expect: safe
// inputs: 3
// The twin of ctor_priority_bug.c with the right expectation: priority 101, then 102, then the constructor without a priority give x == 123.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ctor_priority_safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static int x;

__attribute__((constructor)) static void third(void) { x = x * 10 + 3; }
__attribute__((constructor(102))) static void second(void) { x = x * 10 + 2; }
__attribute__((constructor(101))) static void first(void) { x = x * 10 + 1; }

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == 3 && x != 123)
        reach_error();
    return 0;
}
