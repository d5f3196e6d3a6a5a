// expect: error   line: 3   message: nested|syntax error
int main(void) {
    int square(int v) { return v * v; }
    return square(3);
}
