// expect: safe
// covers: return predicates correlating a result code with a global
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int acquired;
int try_acquire(void) {
  if (__VERIFIER_nondet_int()) return -1;
  acquired = 1;
  return 0;
}
int main(void) {
  int status = try_acquire();
  if (status != 0) return 1;
  if (acquired != 1) reach_error();
  return 0;
}
