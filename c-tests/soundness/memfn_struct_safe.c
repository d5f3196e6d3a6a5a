// class: memfn
// expect: safe
// answer: unknown
// inputs: 3
// inputs: 2
// The twin of memfn_struct_bug.c: element i of the struct's array is copied exactly when i < k, and is 0 from the memset otherwise.
#include <string.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct rec {
    int id;
    int data[4];
};

int main(void)
{
    int src[4] = { 10, 20, 30, 40 };
    struct rec r;
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 4)
        return 0;
    memset(&r, 0, sizeof r);
    memcpy(r.data, src, (size_t)k * sizeof src[0]);
    r.id = k;
    if (r.data[2] != (k > 2 ? 30 : 0) || r.id != k)
        reach_error();
    return 0;
}
