// expect: safe
// covers: a callee writing through a formal pointer, return predicate over *p
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void set(int *p) { *p = 5; }
int main(void) {
  int v = 0;
  set(&v);
  if (v != 5) reach_error();
  return 0;
}
