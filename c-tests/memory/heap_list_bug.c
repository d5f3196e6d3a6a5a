// expect: violation
// inputs: 1
// The twin of heap_list_safe.c: the request is counted before the NULL check of malloc's result,
// so a failed allocation leaves d->count one above the list's length (needs malloc to fail).
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

    d->count = d->count + 1;
    if (r == 0)
        return -ENOMEM;
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
