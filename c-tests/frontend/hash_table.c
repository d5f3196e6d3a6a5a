// covers: hash table with separate chaining on the heap (malloc, free), string keys copied with strcpy, lookups with strcmp, counting, deletion through pointer-to-pointer
// inputs: 3
// inputs: 8
#include <stdlib.h>
#include <string.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define BUCKETS 7

struct entry {
    char key[8];
    int value;
    struct entry *next;
};

struct table {
    struct entry *buckets[BUCKETS];
    int size;
};

static unsigned hash(const char *s) {
    unsigned h = 5381;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h % BUCKETS;
}

static struct entry *lookup(struct table *t, const char *key) {
    for (struct entry *e = t->buckets[hash(key)]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static int put(struct table *t, const char *key, int value) {
    struct entry *e = lookup(t, key);
    if (e) {
        e->value = value;
        return 0;
    }
    e = malloc(sizeof(struct entry));
    if (!e)
        return -1;
    strcpy(e->key, key);
    e->value = value;
    unsigned h = hash(key);
    e->next = t->buckets[h];
    t->buckets[h] = e;
    t->size++;
    return 1;
}

static int del(struct table *t, const char *key) {
    struct entry **pp = &t->buckets[hash(key)];
    while (*pp) {
        if (strcmp((*pp)->key, key) == 0) {
            struct entry *dead = *pp;
            *pp = dead->next;
            free(dead);
            t->size--;
            return 1;
        }
        pp = &(*pp)->next;
    }
    return 0;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 20)
        return 1;
    struct table t;
    memset(&t, 0, sizeof t);
    char key[8] = "k00";
    for (int i = 0; i < n; i++) {
        key[1] = (char)('a' + i % 5);
        key[2] = (char)('0' + i % 3);
        int r = put(&t, key, i * i);
        printf("put %s -> %d size %d\n", key, r, t.size);
    }
    struct entry *e = lookup(&t, "a0");
    printf("a0: %s\n", e ? "found" : "missing");
    e = lookup(&t, "ka0");
    printf("ka0: %d\n", e ? e->value : -1);
    int d1 = del(&t, "ka0");
    int d2 = del(&t, "ka0");
    printf("del %d %d size %d\n", d1, d2, t.size);
    int total = 0;
    for (int b = 0; b < BUCKETS; b++) {
        int len = 0;
        for (struct entry *it = t.buckets[b]; it; it = it->next) {
            len++;
            total += it->value;
        }
        printf("bucket %d len %d\n", b, len);
    }
    printf("total=%d\n", total);
    return t.size;
}
