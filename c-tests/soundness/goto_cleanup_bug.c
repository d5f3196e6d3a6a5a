// class: goto
// expect: violation
// inputs: 2
// Goto-based error handling: step 2 failing jumps to out_free, past the release of the first resource, so `held` stays 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int held, buffers;

static int setup(int fail_at)
{
    int err = 0;

    held = 1;
    if (fail_at == 1) { err = -1; goto out_release; }
    buffers++;
    if (fail_at == 2) { err = -2; goto out_free; }
    return 0;
out_release:
    held = 0;
out_free:
    buffers = 0;
    return err;
}

int main(void)
{
    int fail_at = __VERIFIER_nondet_int();

    if (setup(fail_at) != 0 && held)
        reach_error();
    return 0;
}
