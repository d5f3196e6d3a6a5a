// expect: error   kind: syntax   file: renamed.c   line: 101   message: syntax error
int main(void) {
#line 100 "renamed.c"
    int a = 1;
    int b = a a;
    return b;
}
