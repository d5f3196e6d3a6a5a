// args: --no-explore
// A violation whose run has undefined behaviour, as in SLAM's drivers: the allocator is a
// stub that hands out one byte, the driver writes a struct into it, and a status register is
// read at a fixed address. The replay keeps objects apart (the path formula's memory) and
// the report lists each undefined access; the compiled program is not asked.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct fast_mutex {
    int count;
    int contention;
};

char alloc_dummy;

void *pool_alloc(unsigned long bytes) {
    (void)bytes;
    return &alloc_dummy; /* malloc(bytes) */
}

struct fast_mutex *paging_mutex;

int main(void) {
    paging_mutex = pool_alloc(sizeof(struct fast_mutex));
    if (paging_mutex == 0)
        return 1;
    paging_mutex->count = 1;
    paging_mutex->contention = 0;
    int arch = *(volatile int *)0xffdf02d4;
    if (arch == 1 && paging_mutex->count == 1 && __VERIFIER_nondet_int() == 7)
        reach_error();
    return 0;
}
