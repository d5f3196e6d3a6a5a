// covers: sizeof of types, expressions (not evaluated), arrays, array parameters (decay), structs with padding, unions, pointers, enums, bit-field structs, nested arrays
int printf(const char *, ...);

struct padded {
    char c;
    int i;
    char d;
};
struct packed_order {
    int i;
    char c;
    char d;
};
struct with_long {
    char c;
    long l;
    short s;
};
struct nested {
    struct with_long w;
    char tail;
};
union u {
    char c[5];
    int i;
};
struct bits {
    unsigned a : 3;
    unsigned b : 5;
};
struct flex_like {
    int n;
    short data[3];
};
enum e { E1, E2 };

static unsigned long param_size(int a[10]) {
    return sizeof(a);
}

int main(void) {
    int side = 0;
    int arr[10];
    printf("char=%lu short=%lu int=%lu long=%lu llong=%lu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
    printf("ptr=%lu fptr=%lu enum=%lu _Bool=%lu\n", sizeof(int *), sizeof(int (*)(void)), sizeof(enum e), sizeof(_Bool));
    printf("arr=%lu elem=%lu count=%lu param=%lu\n", sizeof arr, sizeof arr[0], sizeof arr / sizeof *arr, param_size(arr));
    printf("padded=%lu packed=%lu with_long=%lu nested=%lu\n", sizeof(struct padded), sizeof(struct packed_order), sizeof(struct with_long), sizeof(struct nested));
    printf("union=%lu bits=%lu flex=%lu\n", sizeof(union u), sizeof(struct bits), sizeof(struct flex_like));
    printf("expr=%lu side=%d\n", sizeof(side++), side);
    printf("literal=%lu char const=%lu\n", sizeof("four"), sizeof('a'));
    printf("2d=%lu row=%lu\n", sizeof(int[3][4]), sizeof(int[4]));
    struct padded p;
    printf("field=%lu sum=%lu\n", sizeof p.c, sizeof(p.c) + sizeof(p.i));
    unsigned long total = sizeof(struct padded) * 3 + sizeof(arr);
    printf("total=%lu\n", total);
    return (int)sizeof(struct with_long);
}
