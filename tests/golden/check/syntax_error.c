// args: --no-explore
// Bad input: the report is an error with its place, exit status 2.
int main(void) {
    int x = ;
    return x;
}
