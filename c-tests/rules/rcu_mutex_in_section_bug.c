// rule: rcu
// expect: violation
// message: mutex is acquired (which may sleep)
// inputs: 1
// A Linux reader finds a stale entry under rcu_read_lock and calls a cleanup helper that takes a mutex (a sleeping lock) before leaving the read-side section.

struct mutex { int owner; };

struct cache {
    int generation;
    int stale;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern int __VERIFIER_nondet_int(void);

static struct cache cache;
static struct mutex cache_mutex;

static void cache_invalidate(void)
{
    mutex_lock(&cache_mutex);
    cache.generation++;
    cache.stale = 0;
    mutex_unlock(&cache_mutex);
}

static int cache_read(int stale)
{
    int gen;

    rcu_read_lock();
    gen = cache.generation;
    if (stale)
        cache_invalidate(); /* BUG: mutex_lock may sleep inside the read-side section */
    rcu_read_unlock();
    return gen;
}

int main(void)
{
    cache.generation = 0;
    cache.stale = 0;
    cache_read(__VERIFIER_nondet_int());
    return 0;
}
