// expect: safe
// inputs: 1 0 0 2 3 9
// inputs: 1 4 7
// inputs: 1 5
// A handshake loop driven by nondet messages whose state is s->state in a struct reached through
// a pointer: the proof needs s->state == ST_FINISHED implies s->key_set, across loop iterations.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define ST_BEFORE 0
#define ST_HELLO 1
#define ST_KEY_EXCHANGE 2
#define ST_FINISHED 3
#define ST_OK 4
#define ST_ERROR 5

#define MSG_HELLO 1
#define MSG_KEY 2
#define MSG_FINISHED 3
#define MSG_RESUME 4

struct conn {
    int state;
    int key_set;
    int renegotiations;
};

static void step(struct conn *s, int msg)
{
    switch (s->state) {
    case ST_BEFORE:
        s->state = msg == MSG_HELLO ? ST_HELLO : ST_ERROR;
        break;
    case ST_HELLO:
        if (msg == MSG_KEY) {
            s->key_set = 1;
            s->state = ST_KEY_EXCHANGE;
        } else if (msg == MSG_RESUME) {
            s->key_set = 1;
            s->state = ST_FINISHED;
        } else if (msg == 0) {
            s->renegotiations = s->renegotiations + 1;
        } else {
            s->state = ST_ERROR;
        }
        break;
    case ST_KEY_EXCHANGE:
        s->state = msg == MSG_FINISHED ? ST_FINISHED : ST_ERROR;
        break;
    case ST_FINISHED:
        if (!s->key_set)
            reach_error();
        s->state = ST_OK;
        break;
    default:
        s->state = ST_ERROR;
        break;
    }
}

static int do_accept(struct conn *s)
{
    while (s->state != ST_OK && s->state != ST_ERROR)
        step(s, __VERIFIER_nondet_int());
    return s->state == ST_OK ? 0 : -1;
}

int main(void)
{
    struct conn c;

    c.state = ST_BEFORE;
    c.key_set = 0;
    c.renegotiations = 0;
    if (do_accept(&c) == 0 && !c.key_set)
        reach_error();
    return 0;
}
