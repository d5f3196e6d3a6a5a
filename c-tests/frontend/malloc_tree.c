// covers: malloc/calloc/free of a binary search tree, recursion over heap structures, calloc zeroing, heap arrays, pointers to pointers into the heap
// inputs: 6 50 30 70 20 40 60
// inputs: 3 1 2 3
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct tree {
    int key;
    int count;
    struct tree *left, *right;
};

static struct tree *insert(struct tree *t, int key) {
    if (!t) {
        t = calloc(1, sizeof(struct tree));
        if (!t)
            exit(3);
        t->key = key;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    else
        t->count++;
    return t;
}

static void inorder(const struct tree *t) {
    if (!t)
        return;
    inorder(t->left);
    printf("%d(%d) ", t->key, t->count);
    inorder(t->right);
}

static int height(const struct tree *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void destroy(struct tree *t) {
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

static struct tree **find_slot(struct tree **root, int key) {
    while (*root && (*root)->key != key)
        root = key < (*root)->key ? &(*root)->left : &(*root)->right;
    return root;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n <= 0 || n > 10)
        return 1;
    struct tree *root = NULL;
    int *keys = malloc((size_t)n * sizeof(int));
    if (!keys)
        return 2;
    for (int i = 0; i < n; i++) {
        keys[i] = __VERIFIER_nondet_int();
        root = insert(root, keys[i]);
    }
    root = insert(root, keys[0]);
    inorder(root);
    printf("\nheight=%d\n", height(root));
    struct tree **slot = find_slot(&root, keys[n - 1]);
    printf("found=%d key=%d\n", *slot != NULL, *slot ? (*slot)->key : -1);
    slot = find_slot(&root, 1000);
    printf("missing=%d\n", *slot == NULL);
    int *zeros = calloc(4, sizeof(int));
    if (!zeros)
        return 2;
    printf("calloc=%d %d %d %d\n", zeros[0], zeros[1], zeros[2], zeros[3]);
    free(zeros);
    free(keys);
    int h = height(root);
    destroy(root);
    return h;
}
