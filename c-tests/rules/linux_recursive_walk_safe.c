// rule: locking
// expect: safe
// A Linux driver walks a chain of bridged devices recursively: each level takes the device mutex, reads its state, and drops the mutex before recursing, so the lock is never held across the recursive call.

struct mutex { int owner; };

#define ENODEV 19
#define MAX_DEPTH 6

struct bridge {
    struct mutex lock;
    int powered;
    int resets;
};

extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern int __VERIFIER_nondet_int(void);

static struct bridge chain[MAX_DEPTH];

static int reset_chain(int level, int depth)
{
    int powered;

    if (level >= depth)
        return 0;
    mutex_lock(&chain[level].lock);
    powered = chain[level].powered;
    if (powered)
        chain[level].resets++;
    mutex_unlock(&chain[level].lock);
    if (!powered)
        return -ENODEV;
    return reset_chain(level + 1, depth);
}

int main(void)
{
    int depth = __VERIFIER_nondet_int();
    int i;

    if (depth < 0 || depth > MAX_DEPTH)
        return 0;
    for (i = 0; i < depth; i++)
        chain[i].powered = __VERIFIER_nondet_int();
    reset_chain(0, depth);
    return 0;
}
