// expect: accepted   warning: non-local jumps
#include <setjmp.h>

static jmp_buf env;

int main(void) {
    if (setjmp(env) == 0)
        return 1;
    return 0;
}
