// class: recursion
// expect: safe
// Towers of Hanoi with n <= 10 disks makes exactly 2^n - 1 moves.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int moves;

static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    hanoi(n - 1, via, to, from);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 10)
        return 0;
    hanoi(n, 1, 3, 2);
    if (moves != (1 << n) - 1)
        reach_error();
    return 0;
}
