// class: structcopy
// expect: violation
// inputs: 4
// A pointer to the struct (not a copy) is changed, so the original's x becomes 9 and the copy taken before keeps k.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct pt {
    int x, y;
    int tag[2];
};

int main(void)
{
    int k = __VERIFIER_nondet_int();
    struct pt a = { k, 2, { 7, 8 } };
    struct pt before = a;
    struct pt *b = &a;

    b->x = 9;
    b->tag[1] = 0;
    if (a.x == 9 && before.x == 4)
        reach_error();
    return 0;
}
