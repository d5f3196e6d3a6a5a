// class: loop
// expect: safe
// Adding inputs in 1..10 until the sum reaches 100 overshoots to at most 109 and needs at least 10 of them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int s = 0, k = 0, v;
    while (s < 100) {
        v = __VERIFIER_nondet_int();
        if (v < 1 || v > 10)
            return 0;
        s += v;
        k++;
    }
    if (s >= 110 || k < 10)
        reach_error();
    return 0;
}
