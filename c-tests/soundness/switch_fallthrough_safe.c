// class: switch
// expect: safe
// inputs: 9
// inputs: 2
// The twin of switch_fallthrough_bug.c: r is 1, 4, 23 (case 2), 3 (case 3) or 123 (default), never 120.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "switch_fallthrough_safe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int r = 0;

    switch (x) {
    case 1:
        r = 1;
        break;
    default:
        r += 100;
    case 2:
        r += 20;
    case 3:
        r += 3;
        break;
    case 4:
        r = 4;
    }
    if (r == 120)
        reach_error();
    return 0;
}
