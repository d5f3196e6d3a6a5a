// class: overflow
// expect: safe
// answer: unknown
// inputs: 250
// The twin of overflow_unsigned_loop_bug.c: the wrapping loop runs exactly 260 - start times (5 to 60; a checker without wrap-around sees a loop that never ends).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int start = __VERIFIER_nondet_int();
    unsigned char i;
    int count = 0;

    if (start < 200 || start > 255)
        return 0;
    for (i = (unsigned char)start; i != 4; i++)
        count++;
    if (count != 260 - start)
        reach_error();
    return 0;
}
