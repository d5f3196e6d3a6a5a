// expect: unsafe
// inputs: 4 1
// inputs: 5 1
// inputs: 2 0
// covers: the frame condition is not taken for granted: in record mode the callee does
//   write the global (here mode 1 reaches the call), so the caller cannot keep
//   `mine == level` across it
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
    if (mode == 2)
        return 0;
    raise_to(5);
    if (mine != level)
        reach_error();
    return 0;
}
