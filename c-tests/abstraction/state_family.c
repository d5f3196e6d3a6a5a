// expect: safe
// inputs: 1
// inputs: 16
// inputs: 7
// covers: a family of sixteen state predicates (`s == 1` .. `s == 16`) excludes itself
//   pairwise in `enforce`, also for pairs the bounded cube search never looks at together:
//   after `s` takes an input every predicate is unknown, and only `enforce` keeps
//   `{s == 1}` and `{s == 16}` from both being true inside the nested test
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int s = __VERIFIER_nondet_int();
    if (s == 1) {
        if (s == 16)
            reach_error();
    }
    return 0;
}
