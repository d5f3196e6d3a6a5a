// expect: safe
// covers: a loop whose invariant is a predicate; an assume from the environment
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int i = 0, flag = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0);
  while (i < n) {
    flag = 1;
    i++;
  }
  if (flag == 0) reach_error();
  return 0;
}
