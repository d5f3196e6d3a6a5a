/* Environment stubs linked into every gcc build of the programs in c-tests/frontend.
 *
 * Conventions shared with abstraction/tests/gcc_differential.rs:
 *   __VERIFIER_nondet_*   next value of the space-separated integers in $SLAMRS_INPUTS,
 *                         converted to the function's return type;
 *                         no value left: exit status 98
 *   reach_error, __VERIFIER_error, a failing assert (__assert_fail): exit status 99
 *   __VERIFIER_assume(c) with c == 0: exit status 97
 * stdout is unbuffered so that abort() loses no output.
 * Every definition is weak: a test program may define reach_error itself. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define WEAK __attribute__((weak))

static const char *slamrs_cursor;

__attribute__((constructor)) static void slamrs_env_init(void) {
    setvbuf(stdout, NULL, _IONBF, 0);
    slamrs_cursor = getenv("SLAMRS_INPUTS");
    if (!slamrs_cursor)
        slamrs_cursor = "";
}

static void slamrs_stop(int status) {
    fflush(stdout);
    _exit(status);
}

/* The next input as a 64-bit pattern (negative values sign-extended). */
static unsigned long long slamrs_next(void) {
    while (*slamrs_cursor == ' ' || *slamrs_cursor == '\t' || *slamrs_cursor == '\n')
        slamrs_cursor++;
    if (*slamrs_cursor == '\0')
        slamrs_stop(98);
    char *end;
    unsigned long long v;
    if (*slamrs_cursor == '-')
        v = (unsigned long long)strtoll(slamrs_cursor, &end, 0);
    else
        v = strtoull(slamrs_cursor, &end, 0);
    if (end == slamrs_cursor) {
        fprintf(stderr, "env.c: bad input near '%s'\n", slamrs_cursor);
        slamrs_stop(96);
    }
    slamrs_cursor = end;
    return v;
}

WEAK int __VERIFIER_nondet_int(void) { return (int)slamrs_next(); }
WEAK unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int)slamrs_next(); }
WEAK unsigned int __VERIFIER_nondet_unsigned(void) { return (unsigned int)slamrs_next(); }
WEAK char __VERIFIER_nondet_char(void) { return (char)slamrs_next(); }
WEAK unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)slamrs_next(); }
WEAK short __VERIFIER_nondet_short(void) { return (short)slamrs_next(); }
WEAK unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)slamrs_next(); }
WEAK long __VERIFIER_nondet_long(void) { return (long)slamrs_next(); }
WEAK unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)slamrs_next(); }
WEAK long long __VERIFIER_nondet_longlong(void) { return (long long)slamrs_next(); }
WEAK _Bool __VERIFIER_nondet_bool(void) { return slamrs_next() != 0; }

WEAK void reach_error(void) { slamrs_stop(99); }
WEAK void __VERIFIER_error(void) { slamrs_stop(99); }
WEAK void __VERIFIER_assume(int cond) {
    if (!cond)
        slamrs_stop(97);
}
WEAK void __assert_fail(const char *assertion, const char *file, unsigned int line,
                        const char *function) {
    (void)assertion;
    (void)file;
    (void)line;
    (void)function;
    slamrs_stop(99);
}
