// expect: safe
// covers: malloc that may fail, a null check, a field through the heap pointer
#include <stdlib.h>
extern void reach_error(void);
struct node { int val; };
int main(void) {
  struct node *n = malloc(sizeof *n);
  if (n == NULL) return 0;
  n->val = 3;
  if (n->val != 3) reach_error();
  free(n);
  return 0;
}
