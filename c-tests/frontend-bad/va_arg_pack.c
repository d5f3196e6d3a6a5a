// expect: error   kind: unsupported   line: 8   message: va_arg_pack
extern int printf(const char *, ...);

static inline __attribute__((always_inline)) int log_it(const char *fmt, ...)
{
    if (!fmt)
        return 0;
    return printf(fmt, __builtin_va_arg_pack());
}

int main(void) {
    return log_it("%d\n", 3) < 0;
}
