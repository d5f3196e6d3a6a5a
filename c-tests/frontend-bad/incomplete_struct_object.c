// expect: error   kind: invalid   line: 4   message: incomplete|unknown struct|undefined struct
struct never_defined;
int main(void) {
    struct never_defined value;
    return 0;
}
