// rule: locking
// expect: safe
// A user-space work queue guarded by a pthread mutex: enqueue and dequeue lock and unlock on every path, including the "queue full" and "queue empty" early exits, in a loop of operations chosen by the input.

typedef struct { int opaque[10]; } pthread_mutex_t;

#define QUEUE_MAX 8
#define EAGAIN 11

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

static int enqueue(struct work_queue *q, int item)
{
    pthread_mutex_lock(&q->mutex);
    if (q->count == QUEUE_MAX) {
        pthread_mutex_unlock(&q->mutex);
        return -EAGAIN;
    }
    q->items[(q->head + q->count) % QUEUE_MAX] = item;
    q->count++;
    pthread_mutex_unlock(&q->mutex);
    return 0;
}

static int dequeue(struct work_queue *q, int *item)
{
    int ret = -EAGAIN;

    pthread_mutex_lock(&q->mutex);
    if (q->count > 0) {
        *item = q->items[q->head];
        q->head = (q->head + 1) % QUEUE_MAX;
        q->count--;
        ret = 0;
    }
    pthread_mutex_unlock(&q->mutex);
    return ret;
}

int main(void)
{
    int ops = __VERIFIER_nondet_int();
    int item;

    queue.head = 0;
    queue.count = 0;
    while (ops-- > 0) {
        if (__VERIFIER_nondet_int())
            enqueue(&queue, ops);
        else if (dequeue(&queue, &item) == 0 && item < 0)
            break;
    }
    return 0;
}
