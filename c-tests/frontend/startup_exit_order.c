// covers: constructors (with and without priority) before main, atexit handlers (last registered first) then destructors at exit(n) and at return from main
// inputs: 0
// inputs: 1
int printf(const char *, ...);
int atexit(void (*)(void));
void exit(int);
extern int __VERIFIER_nondet_int(void);

static int trace = 1;
__attribute__((constructor)) static void c_plain(void) { trace = trace * 10 + 1; }
__attribute__((constructor(101))) static void c_first(void) { trace = trace * 10 + 2; }
static void c_second(void) __attribute__((constructor(102)));
static void c_second(void) { trace = trace * 10 + 3; }
__attribute__((destructor)) static void d_plain(void) { printf("d_plain %d\n", trace); }
__attribute__((destructor)) static void d_other(void) { printf("d_other\n"); }
static void h1(void) { printf("h1\n"); }
static void h2(void) { printf("h2\n"); }

int main(void) {
    printf("main %d\n", trace);
    atexit(h1);
    atexit(h2);
    if (__VERIFIER_nondet_int())
        exit(3);
    return 4;
}
