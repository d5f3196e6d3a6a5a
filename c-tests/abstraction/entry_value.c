// expect: safe
// inputs: 3 0
// inputs: -7 2
// inputs: 3 1
// covers: a callee that writes a global only in one mode; its frame condition
//   `level == \old(level)` (a formal and a return predicate over the entry value) lets the
//   caller keep `mine == level`, a relation between its local and the global, across the call
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int level;
int mode;
int raise_to(int v)
{
    int before = level;
    if (mode == 1)
        level = v;
    return before;
}
int main(void)
{
    int mine = __VERIFIER_nondet_int();
    mode = __VERIFIER_nondet_int();
    level = mine;
    if (mode == 1)
        return 0;
    raise_to(5);
    if (mine != level)
        reach_error();
    return 0;
}
