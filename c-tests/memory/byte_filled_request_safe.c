// expect: safe
// The twin of byte_filled_request_bug.c: the request block is filled byte by byte from the
// environment as there, but the driver then sets the state itself before dispatching, so
// the state is never 3 for the control code it serves.
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
    req.state = 1;
    if (dispatch(&req) < 0)
        reach_error(); /* a request of a device nobody opened */
    return 0;
}
