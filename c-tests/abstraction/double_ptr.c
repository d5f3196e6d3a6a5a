// expect: safe
// covers: a pointer to a pointer; writes through **pp
extern void reach_error(void);
int main(void) {
  int v = 0;
  int *p = &v;
  int **pp = &p;
  **pp = 7;
  if (v != 7) reach_error();
  return 0;
}
