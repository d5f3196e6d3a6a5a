// covers: writes through conditional pointers (*(c ? &a : &b) = v), conditional selection of arrays and struct pointers, min/max through pointers, ?: with pointer and null
// inputs: 1 7
// inputs: 0 -7
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct acct {
    int balance;
};

int main(void) {
    int c = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();
    int a = 0, b = 0;
    *(c ? &a : &b) = v;
    printf("a=%d b=%d\n", a, b);
    int x[3] = {1, 2, 3}, y[3] = {4, 5, 6};
    int *arr = v > 0 ? x : y;
    arr[1] *= 10;
    printf("x1=%d y1=%d\n", x[1], y[1]);
    struct acct s1 = {100}, s2 = {200};
    struct acct *from = c ? &s1 : &s2, *to = c ? &s2 : &s1;
    int amount = v < 0 ? -v : v;
    from->balance -= amount;
    to->balance += amount;
    printf("s1=%d s2=%d\n", s1.balance, s2.balance);
    int *maxp = a > b ? &a : &b;
    (*maxp)++;
    int *none = v == 99 ? &a : 0;
    printf("a=%d b=%d none=%d\n", a, b, none == 0);
    (c ? s1 : s2).balance > 0 ? printf("positive\n") : printf("non-positive\n");
    return a + b;
}
