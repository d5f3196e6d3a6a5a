// svcomp: safe
// hostile: unknown external-call
// Parameters that are not outputs: a pointer to a `const` integer, a `char` buffer, a
// pointer to a struct. The interpreter and the path formula keep what they point to (the
// unknown function writes nothing there), while the abstraction still lets it write every
// object reachable from its arguments: under the hostile reading the check stalls at the
// call, as for any other write the model allows but no run makes.
extern void reach_error(void);
extern int lookup(const unsigned int *key, char *name, struct pair *p);

struct pair {
    int a;
    int b;
};

int main(void)
{
    unsigned int key = 3;
    char name[4] = "ab";
    struct pair p = {1, 2};
    if (lookup(&key, name, &p) < 0)
        return 1;
    if (key != 3)
        reach_error();
    return 0;
}
