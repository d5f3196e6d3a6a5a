// args: --no-explore --rule locking
// A mutex taken twice when the request is large: the locking rule's abort message.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void log_large(int size) {
    if (size > 4096)
        pthread_mutex_lock(&m);
}

int main(void) {
    int size = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    log_large(size);
    pthread_mutex_unlock(&m);
    return 0;
}
