// covers: switch fall-through, default in the middle, no default, negative case labels, empty cases
// inputs: 1
// inputs: 2
// inputs: 3
// inputs: 7
// inputs: -1
// inputs: 100
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

static int classify(int v) {
    int score = 0;
    switch (v) {
    case 1:
        score += 1;
    case 2:
        score += 10;
        break;
    default:
        score += 1000;
    case 3:
    case 4:
        score += 100;
        break;
    case -1:
        score = -1;
    }
    return score;
}

static const char *name(int v) {
    switch (v % 4) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    }
    return "other";
}

int main(void) {
    int v = __VERIFIER_nondet_int();
    printf("classify(%d)=%d\n", v, classify(v));
    printf("name=%s\n", name(v));
    int hits = 0;
    switch (v) {
    }
    switch (v) {
    case 7:;
    }
    switch (v > 2) {
    case 1:
        hits++;
    case 0:
        hits++;
    }
    for (int i = 0; i < 5; i++) {
        switch (i) {
        case 0:
            printf("i0 ");
            continue;
        case 2:
            printf("i2 ");
        case 3:
            printf("i3 ");
            break;
        default:
            printf("d%d ", i);
        }
        printf("after%d ", i);
    }
    printf("\nhits=%d\n", hits);
    return classify(v) & 0x7f;
}
