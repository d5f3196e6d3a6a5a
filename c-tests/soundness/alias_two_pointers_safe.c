// class: alias
// expect: safe
// inputs: 1
// inputs: 0
// The twin of alias_two_pointers_bug.c: after the writes, a is 2 exactly when q aliases it (k != 0) and b is 2 otherwise.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = 0, b = 0;
    int k = __VERIFIER_nondet_int();
    int *p = &a;
    int *q = k ? &a : &b;
    int **pp = &q;

    *p = 1;
    **pp = 2;
    if ((a == 2) != (k != 0) || (b == 2) != (k == 0))
        reach_error();
    return 0;
}
