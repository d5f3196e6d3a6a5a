// slamrs cir: a call, a loop, a pointer write and an input, lowered to CIR.
// args: cir
extern int __VERIFIER_nondet_int(void);
int locked;

static void lock(int *l) {
    *l = 1;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++) {
        if (i == 3)
            lock(&locked);
    }
    return locked;
}
