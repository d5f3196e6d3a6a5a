// covers: function pointers in arrays, called through array elements with computed indices, compared, assigned, null function pointer check, function pointer tables indexed by enum
// inputs: 0 6 3
// inputs: 3 9 2
// inputs: 5 1 1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

typedef int (*op_fn)(int, int);

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }
static int op_div(int a, int b) { return b ? a / b : 0; }
static int op_max(int a, int b) { return a > b ? a : b; }

enum opcode { ADD, SUB, MUL, DIV, MAX, NOPS };

static op_fn table[NOPS + 1] = {op_add, op_sub, op_mul, op_div, op_max, 0};
static const char *names[] = {"add", "sub", "mul", "div", "max", "none"};

int main(void) {
    int code = __VERIFIER_nondet_int();
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (code < 0 || code > NOPS)
        return 1;
    op_fn f = table[code];
    if (f)
        printf("%s(%d,%d)=%d\n", names[code], a, b, f(a, b));
    else
        printf("no op\n");
    int acc = a;
    for (int i = 0; i < NOPS; i++) {
        acc = table[i](acc, b);
        printf("%s -> %d\n", names[i], acc);
    }
    op_fn local[2];
    local[0] = op_max;
    local[1] = &op_sub;
    printf("local %d %d\n", local[0](a, b), (*local[1])(a, b));
    printf("same=%d diff=%d\n", local[0] == op_max, local[0] == table[ADD]);
    int (*pick)(int, int) = code % 2 ? op_mul : op_add;
    printf("pick=%d\n", pick(3, 4));
    return acc & 0x3f;
}
