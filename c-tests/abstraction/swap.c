// expect: safe
// covers: swap through two pointer formals; return predicates over *a and *b
extern void reach_error(void);
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  int x = 1, y = 2;
  swap(&x, &y);
  if (x != 2 || y != 1) reach_error();
  return 0;
}
