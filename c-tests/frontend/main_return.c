// covers: return codes from main: negative, > 255 (truncated to the low byte), zero, from nested expressions
// inputs: 0
// inputs: 1
// inputs: 2
// inputs: 3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int k = __VERIFIER_nondet_int();
    printf("k=%d\n", k);
    if (k == 0)
        return 0;
    if (k == 1)
        return -1;
    if (k == 2)
        return 256 + 7;
    return k * 20;
}
