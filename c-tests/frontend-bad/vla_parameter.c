// expect: error   kind: unsupported   line: 2   message: variable-length|variable length|VLA
int sum(int n, int a[n][n]) {
    return a[0][0] + n;
}

int main(void) {
    int m[2][2] = {{1, 2}, {3, 4}};
    return sum(2, m);
}
