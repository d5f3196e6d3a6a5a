// rule: rcu
// expect: violation
// message: may sleep is called inside an RCU read-side
// inputs: 1 1
// A Linux reader retries a busy device by calling msleep inside its RCU read-side section (sleeping under rcu_read_lock).

#define EBUSY 16

struct device_state {
    int busy;
    int value;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void msleep(unsigned int msecs);
extern int __VERIFIER_nondet_int(void);

static struct device_state state;

static int read_value(int max_retries)
{
    int tries = 0;
    int v;

    rcu_read_lock();
    while (__VERIFIER_nondet_int()) { /* the device reports busy */
        if (tries >= max_retries) {
            rcu_read_unlock();
            return -EBUSY;
        }
        tries++;
        msleep(1); /* BUG: sleeping inside an RCU read-side section */
    }
    v = state.value;
    rcu_read_unlock();
    return v;
}

int main(void)
{
    state.busy = 0;
    state.value = 7;
    read_value(3);
    return 0;
}
