// args: check {file} --rule {dir}/ptr_state_holds_int.slic
// expect-exit: 2
// stderr: ptr_state_holds_int.slic:7:10:
// stderr: a `ptr` state variable holds pointers (or 0), not integers
// A user rule that stores an integer argument in a `ptr` state variable: a located error.

void set_level(int level) { (void)level; }

int main(void)
{
    set_level(3);
    return 0;
}
