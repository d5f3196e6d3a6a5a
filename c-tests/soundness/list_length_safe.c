// class: list
// expect: safe
// inputs: 4
// The twin of list_length_bug.c: a list built from n - 1 down to 0 is walked in increasing order, and its length is n.
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct node {
    int val;
    struct node *next;
};

int main(void)
{
    struct node *head = NULL, *p;
    int n = __VERIFIER_nondet_int();
    int i, len = 0, sum = 0;

    if (n < 0 || n > 6)
        return 0;
    for (i = n - 1; i >= 0; i--) {
        p = malloc(sizeof *p);
        if (p == NULL)
            return 0;
        p->val = i;
        p->next = head;
        head = p;
    }
    for (p = head; p != NULL; p = p->next) {
        if (p->val != len)
            reach_error();
        len++;
        sum += p->val;
    }
    if (len != n)
        reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
