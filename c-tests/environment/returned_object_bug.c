// svcomp: violation
// hostile: violation
// `find_device` has no body and returns a pointer: under both readings it points to
// memory only the environment names, whose contents are arbitrary (a kernel routine
// returning a device). The error needs the device's `id` to be 7 and its parent's `flags`
// 2: the replay finds both in the objects of the environment, at the addresses the path
// formula's model gave the pointers, with the values the model gave that memory.
extern void reach_error(void);

struct device {
    int id;
    int flags;
    struct device *parent;
};

extern struct device *find_device(int bus);

int main(void)
{
    struct device *d = find_device(3);
    if (!d)
        return 0;
    if (d->id != 7)
        return 0;
    if (d->parent && d->parent->flags == 2)
        reach_error();
    return 0;
}
