// expect: error   kind: invalid   line: 6   message: redefinition|redefined|already defined|defined twice|duplicate
int f(void) {
    return 1;
}

int f(void) {
    return 2;
}

int main(void) {
    return f();
}
