// covers: GNU local labels (__label__) in statement expressions expanded twice in one function, a jump to a local label out of a loop, a statement expression whose value follows a label (the kernel's wait_event), nested blocks declaring the same label
// inputs: 0 5
// inputs: 3 1
// inputs: 7 7
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

/* like the kernel's ___wait_event: leave a loop early through a local label, and the
   value of the expression is the statement after the label */
#define FIND(limit, target)                         \
    ({                                              \
        __label__ out;                              \
        int i_ = 0, found_ = -1;                    \
        for (; i_ < (limit); i_++) {                \
            if (i_ == (target)) {                   \
                found_ = i_;                        \
                goto out;                           \
            }                                       \
        }                                           \
        found_ = -2;                                \
    out:                                            \
        found_;                                     \
    })

static int nested(int a) {
    int r = 0;
    {
        __label__ done;
        {
            __label__ done;
            if (a > 2)
                goto done;
            r += 10;
        done:
            r += 1;
        }
        if (a > 5)
            goto done;
        r += 100;
    done:
        r += 1000;
    }
    return r;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int x = FIND(6, a);
    int y = FIND(4, b);
    printf("%d %d %d\n", x, y, nested(a));
    return 0;
}
