// covers: char arithmetic (signed char default), promotion to int, case conversion, digit parsing, char overflow by conversion, unsigned char loops, char comparison
// inputs: 104
// inputs: 90
// inputs: -56
int printf(const char *, ...);
extern char __VERIFIER_nondet_char(void);

static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c; }

static int parse_int(const char *s) {
    int sign = 1, v = 0;
    if (*s == '-') {
        sign = -1;
        s++;
    }
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    return sign * v;
}

int main(void) {
    char c = __VERIFIER_nondet_char();
    printf("c=%d upper=%d\n", c, upper(c));
    char d = (char)(c + 100);
    printf("d=%d\n", d);
    int promoted = c + c;
    printf("promoted=%d\n", promoted);
    unsigned char uc = (unsigned char)c;
    printf("uc=%u uc>c=%d\n", uc, uc > c);
    char word[] = "Hello, World";
    for (char *p = word; *p; p++)
        *p = upper(*p);
    printf("%s\n", word);
    printf("parse=%d %d %d\n", parse_int("1234"), parse_int("-987x"), parse_int("x"));
    int count = 0;
    for (unsigned char i = 250; i != 4; i++)
        count++;
    printf("count=%d\n", count);
    char caesar[] = "attack at dawn";
    for (int i = 0; caesar[i]; i++)
        if (caesar[i] != ' ')
            caesar[i] = (char)('a' + (caesar[i] - 'a' + 3) % 26);
    printf("%s\n", caesar);
    signed char s = -128;
    s = (signed char)(s - 1);
    printf("s=%d\n", s);
    printf("cmp=%d %d\n", 'a' < 'b', (char)200 < (char)100);
    return (unsigned char)c % 64;
}
