// expect: error   kind: invalid   line: 7   message: not variadic
#include <stdarg.h>

int sum(int n) {
    va_list ap;
    int s = 0;
    va_start(ap, n);
    s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void) {
    return sum(3);
}
