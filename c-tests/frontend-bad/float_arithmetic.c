// expect: accepted   warning: floating point
int printf(const char *, ...);

int main(void) {
    double ratio = 3.0 / 4.0;
    int scaled = (int)(ratio * 100.0);
    printf("%d\n", scaled);
    return scaled == 75 ? 0 : 1;
}
