// covers: driver-like request queue: malloc'd requests in a doubly linked list, cancel routines through function pointers stored in requests, IRQL-like level discipline checked by assert, interrupt/DPC simulation, statistics union, goto error unwinding
// inputs: 1 10 1 20 3 0 2 0 4
// inputs: 1 5 1 6 1 7 3 1 3 0 3 0 4
// inputs: 2 4
// inputs: 1 99 5 4
// inputs: 6 4
// inputs: 1 3 3 7 4
#include <assert.h>
#include <stdlib.h>
#include <string.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define PASSIVE_LEVEL 0
#define DISPATCH_LEVEL 2

struct request;
typedef void (*cancel_fn)(struct request *, int reason);

struct request {
    int id;
    int sector;
    int status;
    cancel_fn cancel;
    struct request *prev, *next;
};

struct disk {
    int irql;
    int busy;
    struct request head; /* sentinel */
    int queued;
    union {
        struct {
            unsigned completed, cancelled;
        } s;
        unsigned long both;
    } stats;
    char model[12];
};

static int cancel_log[8];
static int ncancel;

static void raise_irql(struct disk *d, int *old) {
    assert(d->irql <= DISPATCH_LEVEL);
    *old = d->irql;
    d->irql = DISPATCH_LEVEL;
}

static void lower_irql(struct disk *d, int old) {
    assert(old <= d->irql);
    d->irql = old;
}

static void on_cancel(struct request *r, int reason) {
    if (ncancel < 8)
        cancel_log[ncancel++] = r->id * 10 + reason;
    r->status = -reason;
}

static void enqueue(struct disk *d, struct request *r) {
    int old;
    raise_irql(d, &old);
    r->prev = d->head.prev;
    r->next = &d->head;
    d->head.prev->next = r;
    d->head.prev = r;
    d->queued++;
    lower_irql(d, old);
}

static struct request *dequeue(struct disk *d) {
    struct request *r = d->head.next;
    if (r == &d->head)
        return 0;
    r->prev->next = r->next;
    r->next->prev = r->prev;
    r->prev = r->next = 0;
    d->queued--;
    return r;
}

static int interrupt(struct disk *d, int cancel_all) {
    int old, done = 0;
    struct request *r;
    raise_irql(d, &old);
    while ((r = dequeue(d)) != 0) {
        if (cancel_all && r->cancel) {
            r->cancel(r, 1);
            d->stats.s.cancelled++;
        } else {
            r->status = 0;
            d->stats.s.completed++;
        }
        free(r);
        done++;
        if (!cancel_all)
            break;
    }
    lower_irql(d, old);
    return done;
}

static int submit(struct disk *d, int id, int sector) {
    struct request *r;
    if (sector < 0 || sector > 64)
        goto bad_sector;
    r = malloc(sizeof *r);
    if (!r)
        goto no_memory;
    memset(r, 0, sizeof *r);
    r->id = id;
    r->sector = sector;
    r->status = 0x103;
    r->cancel = id % 2 ? on_cancel : 0;
    enqueue(d, r);
    return 0;
no_memory:
    return -2;
bad_sector:
    printf("bad sector %d\n", sector);
    return -1;
}

int main(void) {
    struct disk d;
    memset(&d, 0, sizeof d);
    strcpy(d.model, "SLAMDISK");
    d.head.next = d.head.prev = &d.head;
    d.irql = PASSIVE_LEVEL;
    int next_id = 1;
    for (int step = 0; step < 16; step++) {
        int cmd = __VERIFIER_nondet_int();
        if (cmd == 1) {
            int sector = __VERIFIER_nondet_int();
            int rc = submit(&d, next_id++, sector);
            printf("submit -> %d queued=%d\n", rc, d.queued);
        } else if (cmd == 2) {
            printf("cancel all -> %d\n", interrupt(&d, 1));
        } else if (cmd == 3) {
            int all = __VERIFIER_nondet_int();
            printf("interrupt(%d) -> %d\n", all, interrupt(&d, all));
        } else if (cmd == 5) {
            d.irql = 3; /* misuse: raising above DISPATCH_LEVEL, the next raise asserts */
        } else if (cmd == 6) {
            int old = PASSIVE_LEVEL + 1;
            lower_irql(&d, old); /* misuse: lowering to a higher level */
        } else {
            break;
        }
    }
    printf("%s completed=%u cancelled=%u queued=%d\n", d.model, d.stats.s.completed, d.stats.s.cancelled, d.queued);
    printf("cancels:");
    for (int i = 0; i < ncancel; i++)
        printf(" %d", cancel_log[i]);
    printf("\n");
    while (interrupt(&d, 0))
        ;
    return d.stats.s.completed + d.stats.s.cancelled;
}
