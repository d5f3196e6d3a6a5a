// rule: rcu
// expect: violation
// message: still open when the entry function returns
// inputs: 5
// A Linux lookup returns -ENOENT from inside its RCU read-side section without rcu_read_unlock when the key is not in the table.

#define ENOENT 2
#define NR_SLOTS 4

struct entry {
    int key;
    int refs;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern int __VERIFIER_nondet_int(void);

static struct entry slots[NR_SLOTS];

static int get_ref(int key)
{
    int i;

    rcu_read_lock();
    for (i = 0; i < NR_SLOTS; i++) {
        if (slots[i].key == key) {
            slots[i].refs++;
            rcu_read_unlock();
            return i;
        }
    }
    return -ENOENT; /* BUG: rcu_read_unlock is missing */
}

int main(void)
{
    int i;

    for (i = 0; i < NR_SLOTS; i++) {
        slots[i].key = i;
        slots[i].refs = 0;
    }
    get_ref(__VERIFIER_nondet_int());
    return 0;
}
