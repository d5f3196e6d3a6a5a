// covers: goto forward, backward, into a loop body, out of nested loops, labels on empty statements
// inputs: 3
// inputs: 0
// inputs: 9
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    if (n < 0 || n > 20)
        goto bad;
again:
    printf("again %d\n", i);
    i++;
    if (i < 3)
        goto again;

    int j = 0;
    if (n > 5)
        goto inside;
    while (j < 4) {
        printf("top %d\n", j);
    inside:
        printf("inside %d\n", j);
        j++;
    }

    for (int a = 0; a < 5; a++) {
        for (int b = 0; b < 5; b++) {
            if (a * b == n) {
                printf("found %d*%d\n", a, b);
                goto done;
            }
        }
    }
    printf("not found\n");
done:;
    int k = n;
loop:
    if (k <= 0)
        goto out;
    k -= 2;
    goto loop;
out:
    printf("k=%d\n", k);
    return 0;
bad:
    printf("bad input\n");
    return 1;
}
