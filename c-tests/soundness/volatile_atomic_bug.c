// class: volatile
// expect: violation
// inputs: 7
// An _Atomic unsigned char with plain compound assignment wraps like a plain one: 250 + 7 is 1, below 5.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static _Atomic unsigned char level = 250;

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 20)
        return 0;
    level += k;
    if (level < 5 && k < 10)
        reach_error();
    return 0;
}
