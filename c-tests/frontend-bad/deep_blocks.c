// expect: error   kind: unsupported   message: nesting deeper than 1024
// 1500 nested blocks with an if in each: refused before parsing (deeper than the frontend accepts), not a crash
int main(void) {
    int x = 0;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
{ if (x < 5) x++;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
    return x - 5;
}
