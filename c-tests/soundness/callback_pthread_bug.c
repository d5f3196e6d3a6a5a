// class: callback
// expect: violation
// answer: unknown
// cflags: -pthread
// inputs: 7
// pthread_create runs worker, which doubles its argument into a static; after pthread_join the result is 14 for v == 7.
#include <pthread.h>
#include <stddef.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int result;

static void *worker(void *arg)
{
    result = *(int *)arg * 2;
    return NULL;
}

int main(void)
{
    pthread_t t;
    int v = __VERIFIER_nondet_int();

    if (v < 0 || v > 1000)
        return 0;
    if (pthread_create(&t, NULL, worker, &v) != 0)
        return 0;
    pthread_join(t, NULL);
    if (result == 14)
        reach_error();
    return 0;
}
