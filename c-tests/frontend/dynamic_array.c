// covers: a growable array on the heap (malloc a bigger block, memcpy, free the old one), struct holding pointer/size/capacity, pointer reassignment, sum and reverse in place
// inputs: 10
// inputs: 1
// inputs: 0
#include <stdlib.h>
#include <string.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct vec {
    int *data;
    int len, cap;
};

static int vec_push(struct vec *v, int x) {
    if (v->len == v->cap) {
        int ncap = v->cap ? v->cap * 2 : 2;
        int *nd = malloc((size_t)ncap * sizeof *nd);
        if (!nd)
            return -1;
        if (v->len)
            memcpy(nd, v->data, (size_t)v->len * sizeof *nd);
        free(v->data);
        v->data = nd;
        v->cap = ncap;
        printf("grow to %d\n", ncap);
    }
    v->data[v->len++] = x;
    return 0;
}

static void vec_reverse(struct vec *v) {
    int *lo = v->data, *hi = v->data + v->len - 1;
    while (lo < hi) {
        int t = *lo;
        *lo++ = *hi;
        *hi-- = t;
    }
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 40)
        return 1;
    struct vec v = {NULL, 0, 0};
    for (int i = 0; i < n; i++)
        if (vec_push(&v, i * 3 - 5) != 0)
            return 2;
    if (v.len > 0)
        vec_reverse(&v);
    long sum = 0;
    for (int i = 0; i < v.len; i++) {
        sum += v.data[i];
        printf("%d ", v.data[i]);
    }
    printf("\nlen=%d cap=%d sum=%ld\n", v.len, v.cap, sum);
    free(v.data);
    return v.cap;
}
