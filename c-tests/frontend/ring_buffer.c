// covers: ring buffer in a struct with head/tail indices and modular arithmetic, overflow and underflow handling, array of structs as queue storage
// inputs: 1 10 1 20 1 30 2 1 40 1 50 1 60 1 70 2 2 2 2 2 0
// inputs: 2 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define CAP 4

struct ring {
    int data[CAP];
    unsigned head, tail;
    int dropped;
};

static int ring_count(const struct ring *r) { return (int)(r->tail - r->head); }

static int ring_put(struct ring *r, int v) {
    if (ring_count(r) == CAP) {
        r->dropped++;
        return 0;
    }
    r->data[r->tail++ % CAP] = v;
    return 1;
}

static int ring_get(struct ring *r, int *out) {
    if (r->head == r->tail)
        return 0;
    *out = r->data[r->head++ % CAP];
    return 1;
}

int main(void) {
    struct ring r = {{0}, 0, 0, 0};
    for (int i = 0; i < 30; i++) {
        int cmd = __VERIFIER_nondet_int();
        if (cmd == 1) {
            int v = __VERIFIER_nondet_int();
            int ok = ring_put(&r, v);
            printf("put %d -> %d (count %d)\n", v, ok, ring_count(&r));
        } else if (cmd == 2) {
            int v = -1;
            int ok = ring_get(&r, &v);
            printf("get -> %d %d\n", ok, v);
        } else {
            break;
        }
    }
    printf("head=%u tail=%u dropped=%d\n", r.head, r.tail, r.dropped);
    return r.dropped;
}
