// class: volatile
// expect: safe
// inputs: 5
// inputs: 7
// The twin of volatile_atomic_bug.c: for k < 6 the _Atomic unsigned char stays in 250..255, so it is never below 5.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static _Atomic unsigned char level = 250;

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 20)
        return 0;
    level += k;
    if (level < 5 && k < 6)
        reach_error();
    return 0;
}
