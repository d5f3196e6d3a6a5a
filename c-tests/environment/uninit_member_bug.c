// svcomp: violation
// hostile: unknown
// The old SV-COMP driver harnesses dereference pointer members of uninitialized locals
// (`devobj.DeviceExtension`). SV-COMP's reading: such a member points to an object of the
// environment (zeroed), in the interpreter, the path formula and the compiled program the
// native replay runs, so the violation is confirmed by both replays. The hostile reading
// keeps C's: the member is indeterminate, the replay stops at its dereference (unknown).
// (gcc warns that `d.ext` is used uninitialized: that is the point.)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct ext {
    int state;
    int pending;
};

struct dev {
    int flags;
    struct ext *ext;
};

int main(void)
{
    struct dev d;
    d.flags = 0;
    d.ext->state = __VERIFIER_nondet_int();
    if (d.ext->pending == 0 && d.ext->state == 7)
        reach_error();
    return 0;
}
