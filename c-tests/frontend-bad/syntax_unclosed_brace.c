// expect: error   kind: syntax   line: 10   message: syntax error
int main(void) {
    int i;
    for (i = 0; i < 3; i++) {
        if (i == 2) {
            return i;
    }
    return 0;
}
