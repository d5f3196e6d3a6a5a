// covers: packed and aligned attributes (struct, member, before the tag, after the brace), #pragma pack push/pop, packed bit-fields, sizes, offsets and bytes
#include <stdio.h>
#include <stddef.h>
struct a { char c; int i; } __attribute__((packed));
struct __attribute__((packed)) b { char c; int x:20; short s; };
#pragma pack(push, 2)
struct c { char c; int i; long l; };
struct d { char c; int x:5; int y:14; char z; };
#pragma pack(pop)
struct e { char c; int i __attribute__((aligned(16))); char z; };
struct f { char c; struct { char d; long e; } __attribute__((packed)) in; };
typedef struct { short s; char c; } __attribute__((aligned(8))) g_t;
struct h { char c; int x:3; long long y:40; };
union u { char c; int i; } __attribute__((packed));
int main(void) {
  printf("%zu %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct a), sizeof(struct b), sizeof(struct c), sizeof(struct d), sizeof(struct e), sizeof(struct f), sizeof(g_t), sizeof(struct h), sizeof(union u));
  printf("%zu %zu %zu %zu %zu\n", offsetof(struct a, i), offsetof(struct b, s), offsetof(struct c, l), offsetof(struct e, z), offsetof(struct f, in));
  struct b vb = {1, 0x7ffff, 3}; unsigned char *p = (unsigned char *)&vb; for (unsigned k = 0; k < sizeof vb; k++) printf("%d ", p[k]); printf("\n");
  struct d vd = {1, 5, 1000, 7}; p = (unsigned char *)&vd; for (unsigned k = 0; k < sizeof vd; k++) printf("%d ", p[k]); printf("\n");
  struct h vh = {1, 3, 123456789012LL}; p = (unsigned char *)&vh; for (unsigned k = 0; k < sizeof vh; k++) printf("%d ", p[k]); printf("\n");
  return 0;
}
