// covers: printf conversions %d %i %u %ld %lu %lld %llu %x %X %c %s %% with widths, left alignment, zero padding, precision on strings; printf return value; puts; putchar
// inputs: 42
// inputs: -7
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int v = __VERIFIER_nondet_int();
    printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d]\n", v, v, v, v, v, v);
    printf("[%u] [%x] [%X] [%08x] [%-6x]\n", (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, 255u);
    printf("[%ld] [%lu] [%lld] [%llu]\n", (long)v * 3000000000L, (unsigned long)v, (long long)v, 1ULL << 63);
    printf("[%c] [%3c] [%-3c]\n", 'A' + (v & 7), 'z', 'y');
    printf("[%s] [%8s] [%-8s] [%.3s] [%%]\n", "str", "right", "left", "truncate");
    printf("[%02x%02x%02x]\n", 1, 171, 255);
    int n = printf("count me\n");
    printf("printed %d\n", n);
    puts("puts adds a newline");
    putchar('o');
    putchar('k');
    putchar('\n');
    printf("%d%s%c%u\n", 1, "two", '3', 4u);
    printf("no conversions\n");
    printf("%5s|%-5s|%5d|%-5d|\n", "ab", "cd", 12, 34);
    return n;
}
