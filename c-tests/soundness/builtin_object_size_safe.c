// class: builtin
// expect: safe
// inputs: 2
// The twin of builtin_object_size_bug.c: 12 bytes remain after buf + 4, never 16 (the size is folded at -O0 as at -O2).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    char buf[16];
    int k = __VERIFIER_nondet_int();

    buf[0] = 0;
    if (k == 2 && __builtin_object_size(buf + 4, 0) == 16)
        reach_error();
    return buf[0];
}
