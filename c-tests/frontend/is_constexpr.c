// covers: the kernel's __is_constexpr idiom (sizeof of a conditional whose arm is a null pointer constant only for a constant, with a call in the arm), sizeof and typeof of expressions holding calls inside constant expressions, __builtin_choose_expr on them
// inputs: 3
// inputs: -4
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define is_constexpr(x) (sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))

static int calls;

static int twice(int v) {
    calls++;
    return 2 * v;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    /* neither sizeof nor typeof evaluates its operand: `calls` stays 0 */
    int a = __builtin_choose_expr(is_constexpr(twice(n)), 100, 200);
    int b = __builtin_choose_expr(is_constexpr(7 * 6), 100, 200);
    int c = __builtin_choose_expr(is_constexpr(n), 100, 200);
    int *p = 0 ? (void *)0 : &n;
    enum { SIZE = sizeof(twice(n)) + sizeof(typeof(twice(n) + 1L)) };
    int buf[sizeof(twice(n))];
    printf("%d %d %d %d %d %d %d\n", a, b, c, (int)SIZE, (int)(sizeof(buf) / sizeof(buf[0])), calls, *p);
    printf("%d\n", twice(n) + calls);
    return 0;
}
