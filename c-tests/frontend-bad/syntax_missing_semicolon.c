// expect: error   kind: syntax   line: 6   message: syntax error
int printf(const char *, ...);

int main(void) {
    int x = 1;
    int y = x + 2 return y;
}
