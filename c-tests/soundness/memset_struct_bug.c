// class: memfn
// expect: violation
// inputs: 1
// memset zeroes a whole struct, then one field is set from an input; the error needs the field set and the other field still zero.
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dev {
    int state;
    unsigned char flags;
    long count;
};

int main(void)
{
    struct dev d;
    d.count = 5;
    memset(&d, 0, sizeof d);
    d.flags = (unsigned char)__VERIFIER_nondet_int();
    if (d.flags == 1 && d.count == 0 && d.state == 0)
        reach_error();
    return 0;
}
