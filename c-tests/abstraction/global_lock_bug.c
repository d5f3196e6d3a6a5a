// expect: unsafe
// covers: a double acquire on one path
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int locked;
void lock(void) { if (locked) reach_error(); locked = 1; }
void unlock(void) { if (!locked) reach_error(); locked = 0; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  lock();
  if (n > 10) lock();
  unlock();
  return 0;
}
