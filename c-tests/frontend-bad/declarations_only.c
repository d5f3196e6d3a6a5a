// expect: error   kind: invalid   message: no function definitions
#include <stdlib.h>

struct device {
    int id;
};

extern struct device *open_device(int id);
int counter = 3;
static const char *name = "declarations only";
