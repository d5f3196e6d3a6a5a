// class: vla
// expect: violation
// answer: unknown
// inputs: 2 3
// A two-dimensional VLA m[r][c] is stored row by row: copied flat, m[1][2] is at index c + 2; the program looks at r + 2, which differs for r != c.
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
    if (flat[r + 2] != 42)
        reach_error();
    return 0;
}
