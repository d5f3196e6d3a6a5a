// covers: driver-like state machine: device extension struct, IRP-like requests, function-pointer dispatch table, spin lock discipline checked with reach_error, switch on major/minor codes, queues in arrays
// inputs: 0 1 2 3 1 4 -1
// inputs: 0 0 1 1 -1
// inputs: 0 3 3 3 3 3 3 3 3 3 -1
// inputs: 5 1 2 2 2 -1
// inputs: 0 1 7 1 -1
// inputs: 0 7 7 1 -1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define STATUS_INVALID -1
#define STATUS_BUSY -2
#define QUEUE_LEN 4

enum major { IRP_CREATE, IRP_READ, IRP_WRITE, IRP_IOCTL, IRP_CLOSE, IRP_MAX };
enum dev_state { DEV_STOPPED, DEV_STARTED, DEV_REMOVED };

struct irp {
    enum major major;
    int minor;
    int length;
    int status;
    int information;
};

struct lock {
    int held;
    int acquisitions;
};

struct device_extension {
    enum dev_state state;
    struct lock lock;
    int open_count;
    char buffer[16];
    int head, tail, count;
    struct irp *pending[QUEUE_LEN];
    int stats[IRP_MAX];
};

typedef int (*dispatch_fn)(struct device_extension *, struct irp *);

static void acquire(struct lock *l) {
    if (l->held)
        reach_error();
    l->held = 1;
    l->acquisitions++;
}

static void release(struct lock *l) {
    if (!l->held)
        reach_error();
    l->held = 0;
}

static int queue_push(struct device_extension *dx, struct irp *irp) {
    if (dx->count == QUEUE_LEN)
        return STATUS_BUSY;
    dx->pending[dx->tail] = irp;
    dx->tail = (dx->tail + 1) % QUEUE_LEN;
    dx->count++;
    return STATUS_PENDING;
}

static struct irp *queue_pop(struct device_extension *dx) {
    if (dx->count == 0)
        return 0;
    struct irp *irp = dx->pending[dx->head];
    dx->head = (dx->head + 1) % QUEUE_LEN;
    dx->count--;
    return irp;
}

static int do_create(struct device_extension *dx, struct irp *irp) {
    (void)irp;
    if (dx->state != DEV_STARTED)
        return STATUS_INVALID;
    dx->open_count++;
    return STATUS_SUCCESS;
}

static int do_read(struct device_extension *dx, struct irp *irp) {
    int n = 0;
    acquire(&dx->lock);
    while (n < irp->length && n < 16 && dx->buffer[n])
        n++;
    irp->information = n;
    release(&dx->lock);
    return STATUS_SUCCESS;
}

static int do_write(struct device_extension *dx, struct irp *irp) {
    int st;
    acquire(&dx->lock);
    if (irp->length > 15 && irp->minor)
        return STATUS_INVALID; /* bug: the lock is still held */
    if (irp->length > 15) {
        st = STATUS_INVALID;
    } else {
        for (int i = 0; i < irp->length; i++)
            dx->buffer[i] = (char)('a' + (irp->minor + i) % 26);
        dx->buffer[irp->length] = 0;
        irp->information = irp->length;
        st = STATUS_SUCCESS;
    }
    release(&dx->lock);
    return st;
}

static int do_ioctl(struct device_extension *dx, struct irp *irp) {
    switch (irp->minor) {
    case 0:
        return queue_push(dx, irp);
    case 1: {
        struct irp *done = queue_pop(dx);
        if (!done)
            return STATUS_INVALID;
        done->status = STATUS_SUCCESS;
        irp->information = done->minor;
        return STATUS_SUCCESS;
    }
    default:
        return STATUS_INVALID;
    }
}

static int do_close(struct device_extension *dx, struct irp *irp) {
    (void)irp;
    if (dx->open_count == 0)
        return STATUS_INVALID;
    if (--dx->open_count == 0 && dx->count > 0) {
        while (queue_pop(dx))
            ;
    }
    return STATUS_SUCCESS;
}

static const dispatch_fn dispatch_table[IRP_MAX] = {
    [IRP_CREATE] = do_create,
    [IRP_READ] = do_read,
    [IRP_WRITE] = do_write,
    [IRP_IOCTL] = do_ioctl,
    [IRP_CLOSE] = do_close,
};

static int dispatch(struct device_extension *dx, struct irp *irp) {
    if (irp->major < 0 || irp->major >= IRP_MAX || dx->state == DEV_REMOVED)
        return STATUS_INVALID;
    dx->stats[irp->major]++;
    return dispatch_table[irp->major](dx, irp);
}

int main(void) {
    struct device_extension dx = {0};
    struct irp irps[12];
    int start = __VERIFIER_nondet_int();
    dx.state = start == 0 ? DEV_STARTED : DEV_STOPPED;
    printf("state=%d\n", dx.state);
    int n = 0;
    while (n < 12) {
        int op = __VERIFIER_nondet_int();
        if (op < 0)
            break;
        struct irp *irp = &irps[n];
        irp->major = (enum major)(op % IRP_MAX);
        irp->minor = n % 2;
        irp->length = op * 3;
        irp->status = -100;
        irp->information = 0;
        int st = dispatch(&dx, irp);
        if (st != STATUS_PENDING)
            irp->status = st;
        printf("irp %d major=%d minor=%d -> %d info=%d open=%d queued=%d\n", n, irp->major, irp->minor, st, irp->information, dx.open_count, dx.count);
        n++;
    }
    printf("buffer=%s lock=%d acq=%d\n", dx.buffer, dx.lock.held, dx.lock.acquisitions);
    for (int i = 0; i < IRP_MAX; i++)
        printf("%d ", dx.stats[i]);
    printf("\n");
    dx.state = DEV_REMOVED;
    return dx.count;
}
