// class: volatile
// expect: safe
// inputs: 9
// The twin of volatile_readback_bug.c. Choice: volatile memory has no outside writer in these programs (no device, thread or signal handler), so a read returns the last write and v == k always holds.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    volatile int v;
    int k = __VERIFIER_nondet_int();

    v = k;
    if (v != k)
        reach_error();
    return 0;
}
