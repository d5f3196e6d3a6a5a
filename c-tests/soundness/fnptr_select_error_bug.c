// class: fnptr
// expect: violation
// inputs: 3
// A function pointer starts at tick and is redirected to the (bodiless) reach_error when k == 3; it is then called for every positive k, so input 3 calls reach_error through the pointer.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int count;

static void tick(void)
{
    count++;
}

int main(void)
{
    void (*f)(void) = tick;
    int k = __VERIFIER_nondet_int();

    if (k == 3)
        f = reach_error;
    if (k > 0)
        f();
    return 0;
}
