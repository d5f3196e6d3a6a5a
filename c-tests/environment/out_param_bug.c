// svcomp: safe
// hostile: violation
// `read_config` has no body and takes `unsigned int *val`, a pointer to a modifiable
// integer: an output parameter. SV-COMP's reading: it writes nothing, `base` stays 0 and
// the test fails. The hostile reading: it writes an arbitrary value through `val` (a
// driver reading a device register), so `base & 0xff00` can be 0x1200; the violation is
// replayed on the interpreter and as the compiled program, whose stub makes the same write.
extern void reach_error(void);
extern int read_config(void *dev, int where, unsigned int *val);

unsigned int base;

int main(void)
{
    if (read_config(0, 0x58, &base))
        return 1;
    base &= 0xff00;
    if (base == 0x1200)
        reach_error();
    return 0;
}
