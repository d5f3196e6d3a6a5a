// expect: error   kind: invalid   line: 4   message: undeclared|not declared|unknown identifier|undefined
int main(void) {
    int a = 1;
    return a + missing_variable;
}
