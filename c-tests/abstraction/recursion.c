// expect: safe
// covers: a recursive procedure with formal and return predicates
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int down(int n) {
  if (n <= 0) return 0;
  return down(n - 1);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  int r = down(k);
  if (r != 0) reach_error();
  return 0;
}
