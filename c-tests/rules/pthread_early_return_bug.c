// rule: locking
// expect: violation
// message: held
// inputs: 2 0 1
// A user-space work queue whose enqueue returns -EPIPE for a closed queue (a module flag) before pthread_mutex_unlock; enqueueing after close leaves the mutex locked.

typedef struct { int opaque[10]; } pthread_mutex_t;

#define QUEUE_MAX 8
#define EAGAIN 11
#define EPIPE 32

struct work_queue {
    pthread_mutex_t mutex;
    int items[QUEUE_MAX];
    int head;
    int count;
};

extern int pthread_mutex_lock(pthread_mutex_t *mutex);
extern int pthread_mutex_unlock(pthread_mutex_t *mutex);
extern int __VERIFIER_nondet_int(void);

static struct work_queue queue;
static int queue_closed; /* set once by close_queue, read under the mutex */

static int enqueue(struct work_queue *q, int item)
{
    pthread_mutex_lock(&q->mutex);
    if (queue_closed)
        return -EPIPE; /* BUG: the mutex stays locked */
    if (q->count == QUEUE_MAX) {
        pthread_mutex_unlock(&q->mutex);
        return -EAGAIN;
    }
    q->items[(q->head + q->count) % QUEUE_MAX] = item;
    q->count++;
    pthread_mutex_unlock(&q->mutex);
    return 0;
}

static void close_queue(struct work_queue *q)
{
    pthread_mutex_lock(&q->mutex);
    queue_closed = 1;
    pthread_mutex_unlock(&q->mutex);
}

int main(void)
{
    int ops = __VERIFIER_nondet_int();

    queue.head = 0;
    queue.count = 0;
    while (ops-- > 0) {
        if (__VERIFIER_nondet_int())
            enqueue(&queue, ops);
        else
            close_queue(&queue);
    }
    return 0;
}
