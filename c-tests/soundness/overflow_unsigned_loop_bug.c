// class: overflow
// expect: violation
// inputs: 250
// An unsigned char loop counter wraps from 255 to 0: from 250 up to 4 the loop runs 10 times.
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
    if (count == 10)
        reach_error();
    return 0;
}
