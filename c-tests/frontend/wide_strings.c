// covers: wide string literals (L"...", u"...", U"...") as expressions and as array initializers, hex escapes wider than a byte, concatenation of a wide and a plain literal, sizeof of a wide literal, wide strings in static initializers (a table, a struct member), element widths and signedness per prefix
// inputs: 0
// inputs: 3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

typedef __WCHAR_TYPE__ wchar;
typedef __CHAR16_TYPE__ char16;
typedef __CHAR32_TYPE__ char32;

struct counted {
    unsigned len;
    const wchar *text;
};

static const wchar device[] = L"\\Device\\X" L"\x263a" "!";
static const wchar *table[] = { L"zero", L"one", L"two", L"three" };
static struct counted named = { sizeof(L"abc") / sizeof(wchar) - 1, L"abc" };

static unsigned wlen(const wchar *s) {
    unsigned n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 3)
        return 1;
    printf("%u %u %d\n", wlen(device), (unsigned)sizeof(device), (int)device[9]);
    printf("%u %d\n", wlen(table[i]), (int)table[i][0]);
    printf("%u %d\n", named.len, (int)named.text[2]);
    const char16 *h = u"h\xffff";
    const char32 *w = U"w\xfffffff0";
    printf("%d %u %u\n", (int)h[1], (unsigned)sizeof(u"ab"), w[1] > 0xfffffff0u - 1);
    wchar local[] = L"ok";
    local[0] = L'O';
    printf("%u %d %d\n", (unsigned)sizeof(local), (int)local[0], (int)(L"\x7fffffff"[0] > 0));
    return 0;
}
