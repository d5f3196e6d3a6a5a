// expect: error   kind: syntax   line: 5   message: syntax error
int main(void) {
    int a = 1;
    int b;
    b = a + * ;
    return b;
}
