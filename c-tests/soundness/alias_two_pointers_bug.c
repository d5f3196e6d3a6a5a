// class: alias
// expect: violation
// inputs: 1
// q points to a (like p) when k != 0, and the write through q then overwrites the write through p; an int ** adds a second level.
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
    if (a == 2)
        reach_error();
    return 0;
}
