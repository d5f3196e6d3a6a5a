// expect: accepted   warning: implicit
int main(void) {
    int v = undeclared_helper(3);
    return v;
}
