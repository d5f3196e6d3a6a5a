// class: recursion
// expect: violation
// inputs: 10
// Claims Hanoi with n <= 10 disks needs fewer than 1000 moves: 10 disks need 1023.
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
    if (moves >= 1000)
        reach_error();
    return 0;
}
