// expect: safe
// covers: writes through pointers that can only point to one variable (a global, a field
//   of a static struct reached through a helper's formal, a local through `int **`) update
//   predicates over that variable without a predicate saying where the pointer points
extern void reach_error(void);
struct S { int a; int b; };
static struct S s;
int g;
void set_b(struct S *p, int v) { p->b = v; }
int main(void)
{
    int x = 1;
    int *q = &x;
    int **qq = &q;
    int *p = &g;
    *p = 7;
    set_b(&s, 3);
    **qq = 4;
    if (g != 7 || s.b != 3 || x != 4)
        reach_error();
    return 0;
}
