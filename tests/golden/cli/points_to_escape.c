// args: cir --points-to
// What `slamrs cir --points-to` prints: `ctx` escapes through `register_ctx` (unknown code),
// so everything it reaches escapes with it; `shared` is a global the program names (it
// escapes), `never_named` one it does not (part of the unknown memory, not listed); what
// unknown code returns points anywhere into the escaped memory (`E`).
struct ctx {
  int *counter;
  void (*cb)(struct ctx *);
};

int shared;
int never_named;
static int hidden;

extern void register_ctx(struct ctx *c);
extern struct ctx *lookup_ctx(int id);

static void on_event(struct ctx *c) { *c->counter += 1; }

int main(void) {
  int local = 0;
  static struct ctx mine;
  mine.counter = &hidden;
  mine.cb = on_event;
  register_ctx(&mine);
  struct ctx *other = lookup_ctx(shared);
  int *p = &local;
  if (other)
    other->cb(other);
  return *p;
}
