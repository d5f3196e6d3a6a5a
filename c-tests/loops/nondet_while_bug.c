// class: loop
// expect: violation
// inputs: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// inputs: 3 -1 7 2 9 1 1 1 1 1 1 1 1 1 1 1 1 1 1 5 8
// A while loop on a nondeterministic condition adds 2 and breaks above 40: after 21 iterations x == 42 > 40.
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
    if (x > 40 || x % 2 != 0)
        reach_error();
    return 0;
}
