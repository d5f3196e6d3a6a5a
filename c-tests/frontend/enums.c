// covers: enums with implicit and explicit values, negative values, enum variables, enums in switch and arithmetic, anonymous enums
// inputs: 0
// inputs: 2
// inputs: 9
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

enum color { RED, GREEN, BLUE, LAST = BLUE };
enum flags { F_NONE = 0, F_READ = 1 << 0, F_WRITE = 1 << 1, F_EXEC = 1 << 2, F_ALL = F_READ | F_WRITE | F_EXEC };
enum { NEG = -5, AFTER_NEG, BIG = 1000, NEXT };
typedef enum state { IDLE = 10, RUNNING, STOPPED = 20, ERROR_STATE } state_t;

static const char *color_name(enum color c) {
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    }
    return "?";
}

static state_t step(state_t s, int ev) {
    switch (s) {
    case IDLE: return ev ? RUNNING : IDLE;
    case RUNNING: return ev > 5 ? ERROR_STATE : STOPPED;
    case STOPPED: return IDLE;
    default: return s;
    }
}

int main(void) {
    int in = __VERIFIER_nondet_int();
    enum color c = (enum color)(in % 3);
    printf("color %d %s last=%d\n", c, color_name(c), LAST);
    int fl = F_READ | F_EXEC;
    printf("flags %d all=%d has_write=%d\n", fl, F_ALL, (fl & F_WRITE) != 0);
    printf("anon %d %d %d %d\n", NEG, AFTER_NEG, BIG, NEXT);
    state_t s = IDLE;
    for (int i = 0; i < 4; i++) {
        s = step(s, in + i);
        printf("state %d\n", s);
    }
    enum color arr[3] = {BLUE, RED, GREEN};
    int sum = 0;
    for (enum color k = RED; k <= LAST; k++)
        sum += arr[k] * 10 + k;
    printf("sum=%d sizeof=%lu\n", sum, sizeof(enum color));
    return s;
}
