// rule: locking
// expect: safe
// entry-return: returns
// No loop and no recursion: every run of main returns, so the rule's check when the entry
// function returns covers every run (issue 43: may-loop on the final abstraction).

#include <pthread.h>

pthread_mutex_t m;
int nondet(void);
int shared;

int main(void) {
  pthread_mutex_lock(&m);
  if (nondet())
    shared = shared + 1;
  pthread_mutex_unlock(&m);
  return 0;
}
