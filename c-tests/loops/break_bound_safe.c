// class: loop
// expect: safe
// A loop to 100 that breaks at i == k ends with i == k for every k in 0..100.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();
    int i;
    if (k < 0 || k > 100)
        return 0;
    for (i = 0; i < 100; i++)
        if (i == k)
            break;
    if (i != k)
        reach_error();
    return 0;
}
