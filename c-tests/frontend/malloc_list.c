// covers: malloc/free, singly linked list built from inputs (insert sorted, reverse, delete), NULL checks, pointer-to-pointer traversal, sizeof of struct in malloc
// inputs: 5 3 9 1 7 0
// inputs: 0
// inputs: 2 -4 -4
#include <stdlib.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct node {
    int val;
    struct node *next;
};

static struct node *push_sorted(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->val = v;
    struct node **pp = &head;
    while (*pp && (*pp)->val < v)
        pp = &(*pp)->next;
    n->next = *pp;
    *pp = n;
    return head;
}

static void print_list(const char *tag, const struct node *h) {
    printf("%s:", tag);
    for (; h; h = h->next)
        printf(" %d", h->val);
    printf("\n");
}

static struct node *reverse(struct node *h) {
    struct node *prev = NULL;
    while (h) {
        struct node *next = h->next;
        h->next = prev;
        prev = h;
        h = next;
    }
    return prev;
}

static struct node *remove_val(struct node *h, int v, int *removed) {
    struct node **pp = &h;
    while (*pp) {
        if ((*pp)->val == v) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
            ++*removed;
        } else {
            pp = &(*pp)->next;
        }
    }
    return h;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 10)
        return 1;
    struct node *head = NULL;
    int first = 0;
    for (int i = 0; i < n; i++) {
        int v = __VERIFIER_nondet_int();
        if (i == 0)
            first = v;
        head = push_sorted(head, v);
    }
    print_list("sorted", head);
    head = reverse(head);
    print_list("reversed", head);
    int removed = 0;
    head = remove_val(head, first, &removed);
    print_list("removed", head);
    int len = 0;
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
        len++;
    }
    printf("removed=%d left=%d\n", removed, len);
    return len;
}
