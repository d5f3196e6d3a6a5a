// expect: error   line: 3   message: label|syntax error
int main(void) {
    void *where = &&done;
    (void)where;
done:
    return 0;
}
