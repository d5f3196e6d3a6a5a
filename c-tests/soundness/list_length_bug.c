// class: list
// expect: violation
// inputs: 4
// A malloc'd singly linked list of n nodes (malloc may fail: the build stops early); counting while walking it gives 4 nodes whose sum is 0+1+2+3 == 6.
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
        len++;
        sum += p->val;
    }
    if (len == 4 && sum == 6)
        reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
