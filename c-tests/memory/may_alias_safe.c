// expect: safe
// inputs: 0 1
// inputs: 1 1
// inputs: 0 0
// rx and tx are chosen among two queues and are the same one in loopback mode; flushing tx must
// spare rx: the proof needs rx == tx (aliasing) beside predicates over rx->count and tx->count.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct queue {
    int count;
    int dropped;
};

static void enqueue(struct queue *q)
{
    q->count = q->count + 1;
}

static void flush(struct queue *q)
{
    q->dropped = q->dropped + q->count;
    q->count = 0;
}

int main(void)
{
    struct queue q0, q1;
    struct queue *rx, *tx;
    int rx_sel = __VERIFIER_nondet_int();
    int tx_sel = __VERIFIER_nondet_int();

    q0.count = 0;
    q0.dropped = 0;
    q1.count = 0;
    q1.dropped = 0;
    rx = rx_sel ? &q1 : &q0;
    tx = tx_sel ? &q1 : &q0;

    enqueue(rx);
    enqueue(rx);
    if (tx != rx)
        flush(tx);
    if (rx->count != 2)
        reach_error();
    if (q0.dropped != 0 || q1.dropped != 0)
        reach_error();
    return 0;
}
