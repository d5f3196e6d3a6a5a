// class: switch
// expect: violation
// inputs: 9
// A switch with the default in the middle and fall-through: 9 enters default, falls into case 2 and case 3, giving 100 + 20 + 3.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "switch_fallthrough_bug.c", 6, "reach_error"); }
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
    if (r == 123)
        reach_error();
    return 0;
}
