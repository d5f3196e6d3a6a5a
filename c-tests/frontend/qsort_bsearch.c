// covers: qsort and bsearch calling the program's comparator (the result, not the order of comparisons)
// inputs: 7 -3 12 5
// inputs: 0 0 1 1
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static int by_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void) {
    int v[4];
    for (int i = 0; i < 4; i++)
        v[i] = __VERIFIER_nondet_int();
    qsort(v, 4, sizeof v[0], by_value);
    printf("%d %d %d %d\n", v[0], v[1], v[2], v[3]);
    int key = 5;
    int *hit = bsearch(&key, v, 4, sizeof v[0], by_value);
    printf("%s\n", hit ? "found" : "absent");
    return 0;
}
