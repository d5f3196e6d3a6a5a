// class: memfn
// expect: violation
// inputs: 3
// memset clears a struct and memcpy copies the first k elements of an array: with k == 3 dst[2] is 30, the value the program assumes is never copied.
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
    if (r.data[2] == 30)
        reach_error();
    return 0;
}
