// svcomp: safe
// hostile: unknown
// `register_handler` has no body and is given a function pointer. SV-COMP's reading: it
// calls nothing back, so `handler` never runs. The hostile reading: it may call `handler`
// at any time, which slamrs does not model, so the construct is refused (unknown).
extern void reach_error(void);
extern int register_handler(void (*h)(void));

static void handler(void)
{
    reach_error();
}

int main(void)
{
    if (register_handler(handler) != 0)
        return 1;
    return 0;
}
