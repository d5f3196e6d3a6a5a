// svcomp: safe
// hostile: unknown external-call
// `log_event` has no body. SV-COMP's reading: it returns a value and does nothing else, so
// `state` keeps 1. The hostile reading lets it write the global `state`: the abstraction
// havocs `state == 1` at the call while the path formula keeps it, and refinement stalls
// there (the stall's cause names the call).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int log_event(int code);

int state;

int main(void)
{
    int n = __VERIFIER_nondet_int();
    state = 1;
    if (log_event(n) < 0)
        return 1;
    if (state != 1)
        reach_error();
    return 0;
}
