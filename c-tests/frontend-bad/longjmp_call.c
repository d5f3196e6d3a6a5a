// expect: accepted   warning: non-local jumps
#include <setjmp.h>

static void jump(jmp_buf *env) {
    int code = 3;
    longjmp(*env, code);
}

int main(void) {
    jmp_buf env;
    jump(&env);
    return 0;
}
