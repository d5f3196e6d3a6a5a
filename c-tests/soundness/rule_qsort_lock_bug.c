// class: rule
// rule: locking
// expect: violation
// inputs: 5
// qsort's comparator takes a statistics lock and, for equal elements, returns without releasing it: sorting {5, 5} leaves it held (or takes it twice).
#include <stdlib.h>

typedef struct { int raw; } spinlock_t;

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

static spinlock_t stats_lock;
static int compares;

static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;

    spin_lock(&stats_lock);
    compares++;
    if (x == y)
        return 0;
    spin_unlock(&stats_lock);
    return (x > y) - (x < y);
}

int main(void)
{
    int v[2];

    v[0] = __VERIFIER_nondet_int();
    v[1] = 5;
    qsort(v, 2, sizeof v[0], cmp);
    return 0;
}
