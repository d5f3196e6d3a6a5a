// covers: break inside a switch inside a loop (leaves only the switch), continue inside a switch (continues the loop), switch inside while with state variable, return from inside switch
// inputs: 3
// inputs: 8
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int find_first_negative(const int *a, int n) {
    for (int i = 0; i < n; i++) {
        switch (a[i] < 0) {
        case 1:
            return i;
        default:
            break;
        }
    }
    return -1;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int evens = 0, threes = 0, others = 0;
    for (int i = 0; i < n; i++) {
        switch (i % 3) {
        case 0:
            threes++;
            if (i % 2 == 0)
                continue;
            break;
        case 1:
            if (i > 4)
                break;
            evens++;
            continue;
        default:
            others++;
        }
        printf("after switch i=%d\n", i);
    }
    printf("evens=%d threes=%d others=%d\n", evens, threes, others);
    int state = 0, steps = 0;
    while (state != 3) {
        switch (state) {
        case 0: state = n > 5 ? 2 : 1; break;
        case 1: state = 3; break;
        case 2: state = steps > 4 ? 1 : 2; break;
        }
        steps++;
    }
    printf("steps=%d\n", steps);
    int arr[5] = {4, 3, n - 5, -1, 0};
    printf("first negative at %d\n", find_first_negative(arr, 5));
    return steps;
}
