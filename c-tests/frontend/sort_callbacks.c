// covers: sorting with a comparator function pointer (insertion sort and selection sort on ints and structs), generic swap through char pointers, struct assignment in sorting
// inputs: 5 3 -1 4 1 5 9 2 6
// inputs: 1 42
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

struct item {
    int key;
    char name;
};

static int asc(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int desc(const void *a, const void *b) { return asc(b, a); }

static int by_name(const void *a, const void *b) {
    const struct item *x = a, *y = b;
    return x->name - y->name;
}

static void swap_bytes(char *a, char *b, unsigned long size) {
    while (size--) {
        char t = *a;
        *a++ = *b;
        *b++ = t;
    }
}

static void isort(void *base, int n, unsigned long size, int (*cmp)(const void *, const void *)) {
    char *arr = base;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cmp(arr + (j - 1) * size, arr + j * size) > 0; j--)
            swap_bytes(arr + (j - 1) * size, arr + j * size, size);
}

static void select_sort(struct item *a, int n) {
    for (int i = 0; i < n; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++)
            if (a[j].key < a[m].key)
                m = j;
        struct item t = a[i];
        a[i] = a[m];
        a[m] = t;
    }
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 8)
        return 1;
    int a[8];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    isort(a, n, sizeof(int), asc);
    for (int i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n");
    isort(a, n, sizeof a[0], desc);
    for (int i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n");
    struct item items[5] = {{3, 'c'}, {1, 'e'}, {4, 'a'}, {1, 'd'}, {5, 'b'}};
    select_sort(items, 5);
    for (int i = 0; i < 5; i++)
        printf("%d%c ", items[i].key, items[i].name);
    printf("\n");
    isort(items, 5, sizeof(struct item), by_name);
    for (int i = 0; i < 5; i++)
        printf("%d%c ", items[i].key, items[i].name);
    printf("\n");
    return a[0] & 0x3f;
}
