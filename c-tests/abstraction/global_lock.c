// expect: safe
// covers: global predicates, a lock discipline across calls, a loop
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int locked;
void lock(void) { if (locked) reach_error(); locked = 1; }
void unlock(void) { if (!locked) reach_error(); locked = 0; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    lock();
    n--;
    unlock();
  }
  lock();
  unlock();
  return 0;
}
