// svcomp: unknown
// hostile: unknown
// `pthread_create` calls the function it is given by definition: no reading may drop that
// call, so both refuse the construct (a thread slamrs does not model) instead of answering.
extern void reach_error(void);
typedef unsigned long pthread_t;
extern int pthread_create(pthread_t *t, const void *attr, void *(*f)(void *), void *arg);

static void *worker(void *arg)
{
    (void)arg;
    reach_error();
    return 0;
}

int main(void)
{
    pthread_t t;
    if (pthread_create(&t, 0, worker, 0) != 0)
        return 1;
    return 0;
}
