// expect: error   line: 5   message: goto|syntax error
int main(void) {
    static void *target = 0;
    int x = 0;
    goto *target;
    x = 1;
    return x;
}
