// covers: do-while with continue (jumps to the condition), break in do-while, nested do-while, do-while(0) macro idiom
// inputs: 6
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define LOG_IF(c, v) do { if (c) printf("log %d\n", (v)); } while (0)

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, odd = 0;
    do {
        i++;
        if (i % 2 == 0)
            continue;
        odd += i;
    } while (i < n);
    printf("i=%d odd=%d\n", i, odd);
    int j = 0;
    do {
        if (j == 3)
            break;
        j++;
    } while (1);
    printf("j=%d\n", j);
    int a = 0, total = 0;
    do {
        int b = 0;
        do {
            total += a * b;
        } while (++b < 3);
    } while (++a < n);
    printf("total=%d\n", total);
    LOG_IF(n > 3, n * 2);
    LOG_IF(n > 30, n * 3);
    int k = 10;
    do
        k -= 3;
    while (k > 0);
    printf("k=%d\n", k);
    return total & 0x3f;
}
