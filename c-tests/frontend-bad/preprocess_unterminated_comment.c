// expect: error   kind: preprocess   line: 4   message: unterminated comment
int main(void) {
    return 0;
}   /* this comment
never ends
