// class: loop
// expect: violation
// inputs: 7
// A 100-step loop fills a table the error does not depend on: refinement would unroll it one predicate per iteration; the path slice drops its branches and the replay runs it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int table[100];

int main(void)
{
    int i;
    int x = __VERIFIER_nondet_int();
    for (i = 0; i < 100; i++)
        table[i] = 2 * i;
    if (x == 7)
        reach_error();
    return 0;
}
