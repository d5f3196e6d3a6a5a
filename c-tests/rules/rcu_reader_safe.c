// rule: rcu
// expect: safe
// Linux RCU readers (a lookup loop and a nested read-side section in a helper) and an updater that sleeps only outside read-side sections: mutex_lock, update, mutex_unlock, then synchronize_rcu.

struct mutex { int owner; };

#define ENOENT 2
#define NR_ROUTES 4

struct route {
    int dst;
    int gateway;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void synchronize_rcu(void);
extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern void msleep(unsigned int msecs);
extern int __VERIFIER_nondet_int(void);

static struct route table[NR_ROUTES];
static struct mutex update_lock;

static int route_valid(int slot)
{
    int ok;

    rcu_read_lock(); /* nested when called from route_lookup */
    ok = table[slot].gateway != 0;
    rcu_read_unlock();
    return ok;
}

static int route_lookup(int dst)
{
    int i;
    int gw = -ENOENT;

    rcu_read_lock();
    for (i = 0; i < NR_ROUTES; i++) {
        if (table[i].dst == dst && route_valid(i)) {
            gw = table[i].gateway;
            break;
        }
    }
    rcu_read_unlock();
    return gw;
}

static void route_update(int slot, int dst, int gw)
{
    if (slot < 0 || slot >= NR_ROUTES)
        return;
    mutex_lock(&update_lock);
    table[slot].dst = dst;
    table[slot].gateway = gw;
    mutex_unlock(&update_lock);
    synchronize_rcu(); /* wait for readers of the old entry: outside any read-side section */
}

int main(void)
{
    int n = __VERIFIER_nondet_int();

    while (n-- > 0) {
        int op = __VERIFIER_nondet_int();
        if (op == 0)
            route_lookup(__VERIFIER_nondet_int());
        else if (op == 1)
            route_update(__VERIFIER_nondet_int(), __VERIFIER_nondet_int(), __VERIFIER_nondet_int());
        else
            msleep(10);
    }
    return 0;
}
