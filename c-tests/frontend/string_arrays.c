// covers: arrays of pointers to string literals, char** walking, NULL-terminated pointer arrays, 2-D char arrays, own strlen/strcmp/strcat-like loops, sizeof of pointer arrays
// inputs: 2
// inputs: 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static const char *days[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun", 0};

static int my_strlen(const char *s) {
    const char *p = s;
    while (*p)
        p++;
    return (int)(p - s);
}

static int my_strcmp(const char *a, const char *b) {
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static void my_strcat(char *dst, const char *src) {
    while (*dst)
        dst++;
    while ((*dst++ = *src++))
        ;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 6)
        return 1;
    int count = 0;
    for (const char **p = days; *p; p++)
        count++;
    printf("count=%d sizeof=%lu\n", count, sizeof days / sizeof days[0]);
    printf("day=%s len=%d\n", days[n], my_strlen(days[n]));
    const char *best = days[0];
    for (int i = 1; days[i]; i++)
        if (my_strcmp(days[i], best) < 0)
            best = days[i];
    printf("min=%s\n", best);
    char buf[40] = "";
    for (int i = n; i < n + 3 && days[i]; i++) {
        my_strcat(buf, days[i]);
        my_strcat(buf, ",");
    }
    printf("buf=%s len=%d\n", buf, my_strlen(buf));
    char grid[3][4] = {"abc", "de", ""};
    for (int i = 0; i < 3; i++)
        printf("[%s]%d ", grid[i], my_strlen(grid[i]));
    printf("\n");
    const char *const *pp = &days[n];
    printf("pp=%s next=%c\n", *pp, (*(pp + 1))[0]);
    return my_strcmp(days[n], "thu") > 0;
}
