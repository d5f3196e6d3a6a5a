// covers: compound literals in initializers of static storage at file scope: the address of a struct literal, an array literal decaying to a pointer, literals nested in a table ended by NULL (the kernel's HWMON_CHANNEL_INFO), writes through them persisting across calls
// inputs: 2
// inputs: 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct channel {
    int type;
    const unsigned *config;
};

static const struct channel *table[] = {
    &(struct channel){ .type = 1, .config = (const unsigned[]){ 10, 20, 0 } },
    &(struct channel){ .type = 2, .config = (const unsigned[]){ 30, 0 } },
    0
};

static int *counter = (int[]){ 5, 6 };

static int *mine = (int[]){ 100 };

static int bump(void) {
    return ++*mine;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    unsigned sum = 0;
    for (int i = 0; table[i]; i++)
        for (const unsigned *c = table[i]->config; *c; c++)
            sum += *c * (unsigned)table[i]->type;
    printf("sum=%u\n", sum);
    counter[n % 2] += n;
    printf("counter=%d,%d\n", counter[0], counter[1]);
    printf("bump=%d\n", bump());
    printf("bump=%d\n", bump());
    return (int)(sum % 7);
}
