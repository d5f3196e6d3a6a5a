// expect: error   kind: unsupported   line: 3   message: computed `goto`
int main(void) {
    void *where = &&done;
    (void)where;
done:
    return 0;
}
