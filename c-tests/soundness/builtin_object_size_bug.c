// class: builtin
// expect: violation
// inputs: 2
// __builtin_object_size(buf + 4, 0) of a 16-byte array is 12 (gcc folds it even at -O0), so k == 2 reaches the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    char buf[16];
    int k = __VERIFIER_nondet_int();

    buf[0] = 0;
    if (k == 2 && __builtin_object_size(buf + 4, 0) == 12)
        reach_error();
    return buf[0];
}
