// covers: address-of, dereference, pointer-to-pointer, pointers to locals/globals/fields/array elements, null checks, swapping through pointers, out-parameters
// inputs: 8 -3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int global = 77;

struct pair {
    int first;
    int second;
};

static void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

static void divmod(int a, int b, int *q, int *r) {
    *q = a / b;
    if (r)
        *r = a % b;
}

static void set_ptr(int **pp, int *target) {
    *pp = target;
}

static int deref_or(const int *p, int dflt) {
    return p ? *p : dflt;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    swap(&x, &y);
    printf("x=%d y=%d\n", x, y);
    int q, r;
    divmod(y, 3, &q, &r);
    divmod(y, 2, &q, 0);
    printf("q=%d r=%d\n", q, r);
    int *p = &x;
    int **pp = &p;
    **pp = 100;
    printf("x=%d\n", x);
    set_ptr(pp, &global);
    *p += 1;
    printf("global=%d same=%d\n", global, p == &global);
    int ***ppp = &pp;
    ***ppp = 5;
    printf("global=%d\n", global);
    struct pair pr = {1, 2};
    int *pf = &pr.second;
    *pf = 20;
    struct pair *ps = &pr;
    int *pf2 = &ps->first;
    *pf2 = 10;
    printf("pair=%d,%d\n", pr.first, pr.second);
    int arr[3] = {1, 2, 3};
    int *pe = &arr[2];
    *pe = *pe * 10;
    printf("arr2=%d\n", arr[2]);
    int *null = 0;
    printf("deref_or=%d %d\n", deref_or(null, -1), deref_or(&y, -1));
    printf("null==0: %d p!=null: %d\n", null == 0, p != null);
    int *choice = x > y ? &x : &y;
    (*choice)++;
    printf("x=%d y=%d\n", x, y);
    void *vp = &global;
    int *back = (int *)vp;
    printf("via void*=%d\n", *back);
    return global;
}
