/* A header with a syntax error on line 4. */
static int helper(int x) {
    int y = x
    return y;
}
