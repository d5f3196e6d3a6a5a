// expect: error   line: 4   message: lvalue|assign|syntax error
int main(void) {
    int x = 1;
    x + 1 = 5;
    return x;
}
