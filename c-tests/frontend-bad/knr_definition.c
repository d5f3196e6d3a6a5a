// expect: error   kind: unsupported   line: 4   message: K&R
int printf(const char *, ...);

int add(a, b)
    int a;
    int b;
{
    return a + b;
}

int main(void) {
    return add(1, 2);
}
