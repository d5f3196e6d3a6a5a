// covers: string literals, char arrays, strlen, strcmp, strncmp, strcpy, memcpy, memset, memmove, escape sequences, adjacent literal concatenation
// inputs: 3
// inputs: 0
#include <string.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct blob {
    int id;
    char tag[6];
    long data[2];
};

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 5)
        return 1;
    const char *lit = "hello, " "world";
    printf("%s len=%lu\n", lit, strlen(lit));
    char buf[32];
    strcpy(buf, "abc");
    printf("buf=%s len=%lu\n", buf, strlen(buf));
    printf("cmp=%d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0, strcmp(buf, "abc") == 0);
    printf("ncmp=%d %d\n", strncmp("abcdef", "abcxyz", 3) == 0, strncmp("abcdef", "abcxyz", 4) < 0);
    memset(buf, 'x', (size_t)n);
    buf[n] = 0;
    printf("memset=[%s]\n", buf);
    int src[4] = {1, 2, 3, 4}, dst[4] = {0};
    memcpy(dst, src, sizeof(src));
    printf("memcpy=%d %d %d %d\n", dst[0], dst[1], dst[2], dst[3]);
    char mv[10] = "123456789";
    memmove(mv + 2, mv, 5);
    printf("memmove=%s\n", mv);
    struct blob a = {7, "tag", {10, 20}}, b;
    memcpy(&b, &a, sizeof(a));
    b.tag[0] = 'T';
    printf("blob=%d %s %ld %ld a.tag=%s\n", b.id, b.tag, b.data[0], b.data[1], a.tag);
    memset(&b, 0, sizeof(b));
    printf("zeroed=%d %d %ld\n", b.id, b.tag[0], b.data[1]);
    const char *esc = "tab\there\\ \"q\" \x41\101\n";
    printf("%s", esc);
    printf("esc len=%lu\n", strlen(esc));
    char word[] = "literal";
    word[0] = 'L';
    printf("%s %c %d\n", word, "xyz"[n % 3], "abc"[3]);
    int count = 0;
    for (const char *p = lit; *p; p++)
        if (*p == 'o' || *p == 'l')
            count++;
    printf("count=%d\n", count);
    return (int)strlen(lit);
}
