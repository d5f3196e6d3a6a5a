// expect: accepted
// 1000 nested blocks with an if in each (under the nesting limit): loads without exhausting the stack
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
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
    return x;
}
