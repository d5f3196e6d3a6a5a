// covers: global state variables and global arrays mutated by several functions, a traffic-light state machine with timers, enum-indexed durations, assert-style checks via reach_error on an invariant
// inputs: 0 0 1 0 0 0 1 1 1 1 1 1 1 -1
// inputs: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 -1
// inputs: 2 -1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

enum light { GREEN, YELLOW, RED, NLIGHTS };

enum light ns_light = GREEN, ew_light = RED;
int timer;
int durations[NLIGHTS] = {3, 1, 4};
int transitions;
int pedestrian_waiting;

static enum light next(enum light l) {
    return l == GREEN ? YELLOW : l == YELLOW ? RED : GREEN;
}

static void check_invariant(void) {
    if (ns_light != RED && ew_light != RED)
        reach_error();
}

static void tick(int button) {
    if (button == 2) {
        /* maintenance override: force both directions green (a violation) */
        ns_light = GREEN;
        ew_light = GREEN;
    }
    if (button)
        pedestrian_waiting = 1;
    timer++;
    enum light *active = ns_light != RED ? &ns_light : &ew_light;
    int limit = durations[*active] - (pedestrian_waiting && *active == GREEN);
    if (timer >= limit) {
        enum light was = *active;
        *active = next(*active);
        timer = 0;
        transitions++;
        if (was == YELLOW) {
            enum light *other = active == &ns_light ? &ew_light : &ns_light;
            *other = GREEN;
            pedestrian_waiting = 0;
        }
    }
    check_invariant();
}

int main(void) {
    for (int i = 0; i < 30; i++) {
        int b = __VERIFIER_nondet_int();
        if (b < 0)
            break;
        tick(b);
        printf("t%02d ns=%d ew=%d timer=%d ped=%d\n", i, ns_light, ew_light, timer, pedestrian_waiting);
    }
    printf("transitions=%d\n", transitions);
    return transitions;
}
