// expect: error   kind: syntax   line: 4   message: syntax error
int main(void) {
    int a = 2;
    int b = a @ 3;
    return b;
}
