// expect: accepted
// 1500 nested blocks with an if in each: valid C that must load without exhausting the stack
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
