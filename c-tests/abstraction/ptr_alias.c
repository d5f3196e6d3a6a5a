// expect: safe
// covers: pointer assignment through an alias, Morris' axiom, points-to pruning
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  int *p = &x;
  int *q = &y;
  if (__VERIFIER_nondet_int()) p = &y;
  *p = 1;           /* writes x or y */
  *q = 2;           /* always y */
  if (p == &x && x != 1) reach_error();
  if (y != 2) reach_error();
  return 0;
}
