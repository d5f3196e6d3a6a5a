// class: loop
// expect: safe
// A while loop on a nondeterministic condition adds 2 and breaks above 40: x stays even and at most 42.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int x = 0;
    while (__VERIFIER_nondet_int()) {
        x += 2;
        if (x > 40)
            break;
    }
    if (x > 42 || x % 2 != 0)
        reach_error();
    return 0;
}
