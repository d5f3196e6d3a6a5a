// expect: accepted   warning: inline assembly
int main(void) {
    int out = 0;
    int in = 5;
    __asm__ volatile("movl %1, %0" : "=r"(out) : "r"(in));
    return out == 5 ? 0 : 1;
}
