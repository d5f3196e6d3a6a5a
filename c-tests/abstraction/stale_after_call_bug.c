// expect: unsafe
// covers: a caller's predicate over a global the callee writes (x == g) is brought up to
//   date only after the call returns; an `enforce` relating it to the global predicates
//   would cut the real path in the state between (found as a wrong SAFE)
extern void reach_error(void);
int g;
void set(void) { g = 1; }
int main(void)
{
    int x = 0;
    set();
    if (g == 1)
        reach_error();
    return x;
}
