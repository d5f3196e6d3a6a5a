// rule: locking
// expect: safe
// entry-return: may-not-return
// The lock is released whenever main returns, but main may spin forever while it holds
// the lock: the rule's check "nothing held when the entry function returns" holds, and the
// report notes that some runs never return (issue 43: may-loop on the final abstraction).

#include <pthread.h>

pthread_mutex_t m;
int nondet(void);

int main(void) {
  pthread_mutex_lock(&m);
  while (nondet()) {
  }
  pthread_mutex_unlock(&m);
  return 0;
}
