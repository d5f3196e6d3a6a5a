// covers: nested switch, switch on char, switch on unsigned and long, case ranges by fall-through
// inputs: 97 0
// inputs: 98 1
// inputs: 120 2
// inputs: 49 3
int printf(const char *, ...);
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

static int kind(char c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return 2;
    case '\n':
        return 3;
    default:
        return 0;
    }
}

int main(void) {
    char c = __VERIFIER_nondet_char();
    int m = __VERIFIER_nondet_int();
    printf("kind(%c)=%d\n", c, kind(c));
    switch (kind(c)) {
    case 0:
        switch (m) {
        case 0: printf("consonant-0\n"); break;
        case 2: printf("consonant-2\n");
        default: printf("consonant-default\n");
        }
        break;
    case 1:
        switch (m & 1) {
        case 1:
            printf("vowel-odd\n");
            break;
        case 0:
            printf("vowel-even\n");
        }
        printf("vowel\n");
        break;
    case 2:
        printf("digit %d\n", c - '0');
        break;
    }
    unsigned u = (unsigned)m * 3000000000u;
    switch (u) {
    case 0u: printf("u zero\n"); break;
    case 3000000000u: printf("u 3e9\n"); break;
    default: printf("u %u\n", u);
    }
    long l = (long)m << 33;
    switch (l) {
    case 0L: printf("l zero\n"); break;
    case 8589934592L: printf("l 2^33\n"); break;
    default: printf("l %ld\n", l);
    }
    return kind(c);
}
