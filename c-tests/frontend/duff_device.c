// covers: Duff's device (cases inside a do-while inside a switch), cases in nested blocks
// inputs: 0
// inputs: 1
// inputs: 5
// inputs: 8
// inputs: 13
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static void copy(int *to, const int *from, int count) {
    int n = (count + 7) / 8;
    if (count <= 0)
        return;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int odd(int k) {
    int r = 0;
    int i = 0; /* declared outside: jumping to case 4 skips only the loop's first test */
    switch (k) {
        if (0) {
        case 1:
            r = 11;
        } else {
        case 2:
            r += 22;
        }
        break;
        {
        case 3:
            r = 33;
            for (i = 0; i < 2; i++) {
            case 4:
                r += 4;
            }
        }
        break;
    default:
        r = -1;
    }
    return r;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 16)
        return 1;
    int src[16], dst[16];
    for (int i = 0; i < 16; i++) {
        src[i] = i * i;
        dst[i] = -1;
    }
    copy(dst, src, n);
    for (int i = 0; i < 16; i++)
        printf("%d ", dst[i]);
    printf("\n");
    for (int k = 0; k < 6; k++)
        printf("odd(%d)=%d\n", k, odd(k));
    return 0;
}
