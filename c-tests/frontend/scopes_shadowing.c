// covers: block scopes, shadowing of locals, parameters and globals, same names in sibling blocks, for-loop scope, variables declared after statements
// inputs: 2
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int x = 1000;

static int f(int x) {
    int r = x;
    {
        int x = r * 2;
        r += x;
        {
            int x = 5;
            r += x;
        }
        r += x;
    }
    return r + x;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    printf("global x=%d f=%d\n", x, f(n));
    int x = n;
    printf("local x=%d\n", x);
    for (int x = 0; x < 3; x++) {
        int y = x * 10;
        printf("loop x=%d y=%d\n", x, y);
    }
    printf("after loop x=%d\n", x);
    {
        int y = 1;
        x += y;
    }
    {
        int y = 2;
        x += y;
    }
    int later = x * 100;
    if (later > 0) {
        int x = -1;
        later += x;
    }
    printf("x=%d later=%d\n", x, later);
    int i = 0;
    while (i < 2) {
        int acc = i;
        acc++;
        printf("acc=%d\n", acc);
        i++;
    }
    return x;
}
