// covers: binary search (iterative and recursive) with midpoint computed without overflow, lower bound, const array parameters, pointer-based bounds
// inputs: 23
// inputs: 1
// inputs: 100
// inputs: -5
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static const int sorted[] = {1, 3, 4, 8, 15, 16, 23, 42, 57, 99};
#define LEN ((int)(sizeof sorted / sizeof sorted[0]))

static int bsearch_iter(const int *a, int n, int key) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int bsearch_rec(const int *lo, const int *hi, int key, const int *base) {
    if (lo >= hi)
        return -1;
    const int *mid = lo + (hi - lo) / 2;
    if (*mid == key)
        return (int)(mid - base);
    return *mid < key ? bsearch_rec(mid + 1, hi, key, base) : bsearch_rec(lo, mid, key, base);
}

static int lower_bound(const int *a, int n, int key) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int main(void) {
    int key = __VERIFIER_nondet_int();
    int i1 = bsearch_iter(sorted, LEN, key);
    int i2 = bsearch_rec(sorted, sorted + LEN, key, sorted);
    int lb = lower_bound(sorted, LEN, key);
    printf("key=%d iter=%d rec=%d lower_bound=%d\n", key, i1, i2, lb);
    return lb;
}
