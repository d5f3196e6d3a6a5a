// class: builtin
// expect: violation
// inputs: 3
// __builtin_expect only hints the branch, and __builtin_unreachable sits on the switch's impossible default; r == 7 also comes from case 3.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int r;

    if (x < 0 || x > 3)
        return 0;
    switch (x) {
    case 0: r = 5; break;
    case 1: r = 6; break;
    case 2:
    case 3: r = 7; break;
    default: __builtin_unreachable();
    }
    if (__builtin_expect(r == 7, 0) && x != 2)
        reach_error();
    return 0;
}
