// expect: error   kind: unsupported   line: 2   message: _Thread_local|thread
_Thread_local int per_thread;

int main(void) {
    per_thread = 2;
    return per_thread - 2;
}
