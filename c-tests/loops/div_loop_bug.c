// class: loop
// expect: violation
// inputs: 10 5
// inputs: 7 7
// Division by repeated subtraction looping while r > b: for a multiple of b the remainder stays at b.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int q = 0, r;
    if (a < 0 || a > 1000 || b < 1 || b > 20)
        return 0;
    r = a;
    while (r > b) {
        r -= b;
        q++;
    }
    if (q * b + r != a || r < 0 || r >= b)
        reach_error();
    return 0;
}
