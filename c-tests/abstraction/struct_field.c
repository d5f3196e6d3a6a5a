// expect: safe
// covers: struct fields through a pointer (device extension), field-sensitive aliasing
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct dev { int state; int count; };
void start(struct dev *d) { d->state = 1; d->count = 0; }
int main(void) {
  struct dev dv;
  start(&dv);
  dv.count = dv.count + 1;
  if (dv.state != 1) reach_error();
  return 0;
}
