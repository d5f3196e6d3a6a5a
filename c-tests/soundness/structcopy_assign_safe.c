// class: structcopy
// expect: safe
// inputs: 4
// The twin of structcopy_assign_bug.c with a struct copy: changing the copy (and its array member) leaves the original alone.
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
    struct pt b = a;

    b.x = 9;
    b.tag[1] = 0;
    if ((a.x == 9 && before.x == 4) || a.tag[1] != 8 || b.y != 2)
        reach_error();
    return 0;
}
