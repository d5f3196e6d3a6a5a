// expect: safe
// inputs: 3
// inputs: 0
// Requests are malloc'd and pushed on d->head, d->count counts them; malloc may return NULL. The
// proof needs the list behind d->head to have d->count nodes (a predicate over heap cells).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);

#define ENOMEM 12

struct request {
    int id;
    struct request *next;
};

struct dev {
    struct request *head;
    int count;
};

static int submit(struct dev *d, int id)
{
    struct request *r = malloc(sizeof *r);

    if (r == 0)
        return -ENOMEM;
    d->count = d->count + 1;
    r->id = id;
    r->next = d->head;
    d->head = r;
    return 0;
}

int main(void)
{
    struct dev dev;
    struct request *r;
    int n = __VERIFIER_nondet_int();
    int i, walked = 0;

    dev.head = 0;
    dev.count = 0;
    if (n < 0 || n > 3)
        return 0;
    for (i = 0; i < n; i++) {
        if (submit(&dev, i + 1) != 0)
            break;
    }
    for (r = dev.head; r != 0; r = r->next)
        walked = walked + 1;
    if (walked != dev.count)
        reach_error();
    if (dev.count > n)
        reach_error();
    return 0;
}
