// covers: driver-like PnP/power state machine: nested structs with function pointers (callbacks), transitions table, reference counting, completion routines, error paths with goto cleanup, reach_error on protocol violation
// inputs: 1 2 3 4 5 0
// inputs: 1 3 0
// inputs: 1 2 2 0
// inputs: 2 0
// inputs: 1 2 6 6 6 4 5 0
// inputs: 1 2 6 6 6 3 0
// inputs: 1 2 6 3 2 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);

enum pnp_state { PNP_NOT_STARTED, PNP_STARTED, PNP_STOP_PENDING, PNP_STOPPED, PNP_REMOVED, PNP_NSTATES };
enum pnp_event { EV_NONE, EV_ADD, EV_START, EV_QUERY_STOP, EV_STOP, EV_REMOVE, EV_IO, EV_NEVENTS };

struct usb_device;

struct callbacks {
    int (*on_start)(struct usb_device *);
    void (*on_stop)(struct usb_device *);
    int (*on_io)(struct usb_device *, int);
};

struct usb_device {
    int added;
    enum pnp_state state;
    int refcount;
    int io_done;
    struct {
        int configured;
        int endpoints[3];
    } config;
    const struct callbacks *cb;
    int history[16];
    int nhistory;
};

static int cb_start(struct usb_device *d) {
    for (int i = 0; i < 3; i++)
        d->config.endpoints[i] = 0x81 + i;
    d->config.configured = 1;
    return 0;
}

static void cb_stop(struct usb_device *d) {
    d->config.configured = 0;
}

static int cb_io(struct usb_device *d, int ep) {
    if (!d->config.configured)
        __VERIFIER_error();
    d->io_done++;
    return d->config.endpoints[ep % 3];
}

static const struct callbacks default_cb = {cb_start, cb_stop, cb_io};

static const signed char transitions[PNP_NSTATES][EV_NEVENTS] = {
    /*                 NONE ADD START QSTOP STOP REMOVE IO */
    [PNP_NOT_STARTED] = {-1, -1, PNP_STARTED, -1, -1, PNP_REMOVED, -1},
    [PNP_STARTED] = {-1, -1, -1, PNP_STOP_PENDING, -1, PNP_REMOVED, PNP_STARTED},
    [PNP_STOP_PENDING] = {-1, -1, PNP_STARTED, -1, PNP_STOPPED, PNP_REMOVED, -1},
    [PNP_STOPPED] = {-1, -1, PNP_STARTED, -1, -1, PNP_REMOVED, -1},
    [PNP_REMOVED] = {-1, -1, -1, -1, -1, -1, -1},
};

static void reference(struct usb_device *d) { d->refcount++; }

static void dereference(struct usb_device *d) {
    if (d->refcount <= 0)
        __VERIFIER_error();
    d->refcount--;
}

static int handle(struct usb_device *d, enum pnp_event ev) {
    int rc = 0;
    int next;
    if (ev <= EV_NONE || ev >= EV_NEVENTS)
        return -1;
    if (ev == EV_ADD) {
        if (d->added)
            return -2;
        d->added = 1;
        reference(d);
        return 0;
    }
    if (!d->added)
        return -3;
    reference(d);
    next = transitions[d->state][ev];
    if (next < 0) {
        rc = -4;
        goto out;
    }
    switch (ev) {
    case EV_START:
        rc = d->cb->on_start(d);
        if (rc)
            goto out;
        break;
    case EV_STOP:
    case EV_REMOVE:
        if (d->config.configured)
            d->cb->on_stop(d);
        break;
    case EV_IO:
        rc = d->cb->on_io(d, d->io_done);
        break;
    case EV_QUERY_STOP:
        if (d->io_done > 2)
            dereference(d); /* bug: drops a reference it does not own */
        break;
    default:
        break;
    }
    d->state = (enum pnp_state)next;
    if (d->nhistory < 16)
        d->history[d->nhistory++] = next;
out:
    dereference(d);
    return rc;
}

int main(void) {
    struct usb_device dev = {.state = PNP_NOT_STARTED, .cb = &default_cb};
    int steps = 0;
    for (;;) {
        int ev = __VERIFIER_nondet_int();
        if (ev == EV_NONE || steps == 20)
            break;
        int rc = handle(&dev, (enum pnp_event)ev);
        printf("event %d -> rc %d state %d ref %d cfg %d\n", ev, rc, dev.state, dev.refcount, dev.config.configured);
        steps++;
    }
    printf("history:");
    for (int i = 0; i < dev.nhistory; i++)
        printf(" %d", dev.history[i]);
    printf("\nio=%d\n", dev.io_done);
    if (dev.added)
        dereference(&dev);
    if (dev.refcount != 0)
        __VERIFIER_error();
    return dev.state;
}
