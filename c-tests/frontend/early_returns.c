// covers: early returns from nested loops and switches, void functions with return, returns of conversions (long to int, int to char, int to unsigned), return of struct members
// inputs: 4
// inputs: 21
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int search2d(int target, int *row, int *col) {
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            if (i * j == target) {
                *row = i;
                *col = j;
                return 1;
            }
    return 0;
}

static void report(int v) {
    if (v < 0) {
        printf("negative\n");
        return;
    }
    printf("value %d\n", v);
}

static char to_char(int v) { return v; }
static unsigned to_unsigned(int v) { return v; }
static int from_long(long v) { return v; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    int r = -1, c = -1;
    int found = search2d(n, &r, &c);
    printf("found=%d r=%d c=%d\n", found, r, c);
    report(n - 10);
    report(-n);
    printf("to_char=%d to_unsigned=%u from_long=%d\n", to_char(n + 250), to_unsigned(-n), from_long(4294967296L + n));
    return found;
}
