// args: check {file} --rule {dir}/malformed_ptr_state.slic
// expect-exit: 2
// stderr: malformed_ptr_state.slic:3:15:
// stderr: a `ptr` state variable starts as 0 (null)
// A user rule whose `ptr` state variable starts at 4 (line 3 of malformed_ptr_state.slic): a located error.

struct lock { int taken; };
void lock_acquire(struct lock *l) { l->taken = 1; }

int main(void)
{
    struct lock l;
    lock_acquire(&l);
    return 0;
}
