// class: vla
// expect: safe
// answer: unknown
// inputs: 2 3
// The twin of vla_2d_bug.c: in row-major order m[1][2] is element c + 2 of the flat copy.
#include <string.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int r = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    int i, j;

    if (r < 2 || r > 4 || c < 3 || c > 4)
        return 0;
    int m[r][c];
    int flat[r * c];
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++)
            m[i][j] = 0;
    m[1][2] = 42;
    memcpy(flat, m, sizeof m);
    if (flat[c + 2] != 42)
        reach_error();
    return 0;
}
