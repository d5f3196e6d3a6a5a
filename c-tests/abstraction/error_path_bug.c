// expect: unsafe
// covers: a callee returning an error code the caller mishandles
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
  if (status != 0 && acquired == 0) { /* forgot to bail out */ }
  if (acquired == 0) reach_error();
  return 0;
}
