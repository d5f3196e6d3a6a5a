// expect: violation
// A request block filled byte by byte from the environment, as old driver harnesses do
// (`for (a = 0; a < sizeof(IO_STACK_LOCATION); a++) ((char *)p)[a] = nondet_char();`), then
// read field by field: the control code as a 32-bit word, the state as a byte. Reaching the
// error needs the fill loop to run all its rounds and the word read to be made of the bytes
// written (the path formula's integers in memory as bytes); the twin is
// byte_filled_request_safe.c.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

struct request {
    unsigned int control_code;
    unsigned char state;
    unsigned char flags;
    unsigned short length;
    int reserved[6];
};

static struct request req;
static int opened;

static int dispatch(struct request *r)
{
    if (r->control_code == 0x2d0040u) {
        if (r->state == 3)
            return opened ? 0 : -1;
    }
    return 0;
}

int main(void)
{
    int a;
    for (a = 0; a < (int)sizeof(struct request); a++)
        ((char *)&req)[a] = __VERIFIER_nondet_char();
    if (dispatch(&req) < 0)
        reach_error(); /* a request of a device nobody opened */
    return 0;
}
