// class: ctor
// expect: violation
// inputs: 3
// Constructors run by priority (101 before 102), then those without one in declaration order: x becomes ((1*10+2)*10+3) = 123, not the 321 this program expects for k == 3.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ctor_priority_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static int x;

__attribute__((constructor)) static void third(void) { x = x * 10 + 3; }
__attribute__((constructor(102))) static void second(void) { x = x * 10 + 2; }
__attribute__((constructor(101))) static void first(void) { x = x * 10 + 1; }

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == 3 && x != 321)
        reach_error();
    return 0;
}
