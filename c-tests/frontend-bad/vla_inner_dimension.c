// expect: error   kind: unsupported   line: 6   message: variable length arrays
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int grid[2][n];
    grid[0][0] = 1;
    return grid[0][0];
}
