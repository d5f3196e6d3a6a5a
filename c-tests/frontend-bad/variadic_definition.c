// expect: error   kind: unsupported   line: 4   message: variadic|va_start|va_list
#include <stdarg.h>

int sum(int n, ...) {
    va_list ap;
    int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void) {
    return sum(3, 1, 2, 3);
}
