// expect: error   kind: invalid   line: 6   message: not constant
// A compound literal inside a function has automatic storage: it cannot initialize a static
// local (gcc: "initializer element is not constant"). At file scope it is static and fine.
int *shared = (int[]){ 1, 2 };
int next(void) {
    static int *mine = (int[]){ 100 };
    return ++*mine + *shared;
}
