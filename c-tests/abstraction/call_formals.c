// expect: safe
// covers: formal predicates passed in, return predicates over \result passed back
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int inc(int a) { return a + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    int y = inc(x);
    if (y <= 1) reach_error();
  }
  return 0;
}
