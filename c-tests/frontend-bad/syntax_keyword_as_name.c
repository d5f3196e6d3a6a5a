// expect: error   kind: syntax   line: 3   message: syntax error
int main(void) {
    int return = 5;
    return 0;
}
