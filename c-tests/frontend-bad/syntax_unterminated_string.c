// expect: error   line: 4   message: error
int printf(const char *, ...);
int main(void) {
    printf("never closed);
    return 0;
}
