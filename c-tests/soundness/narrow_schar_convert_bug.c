// class: narrow
// expect: violation
// inputs: 260
// Converting an int to signed char keeps the low 8 bits (implementation-defined; gcc wraps): 256..300 become 0..44, non-negative.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int v = __VERIFIER_nondet_int();
    signed char c = (signed char)v;

    if (v >= 128 && v <= 300 && c >= 0)
        reach_error();
    return 0;
}
