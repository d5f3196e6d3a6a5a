// expect: accepted
_Atomic int counter;

int main(void) {
    counter = 1;
    return 0;
}
