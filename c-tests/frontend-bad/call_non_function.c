// expect: error   kind: invalid   line: 4   message: function
int main(void) {
    int notfn = 3;
    return notfn(2);
}
