// covers: __builtin_object_size at -O0 on every form of address (known for named objects, the closest subobject not through p + k, unknown through a pointer variable)
#include <stdio.h>
struct S { int a; char arr[10]; long z; } s;
int main(void) { char buf[24]; char *p = buf;
#define T(e) printf("%-12s %ld %ld %ld %ld\n", #e, (long)__builtin_object_size(e,0), (long)__builtin_object_size(e,1), (long)__builtin_object_size(e,2), (long)__builtin_object_size(e,3));
T(buf) T(buf+4) T(&buf[2]) T(&buf) T(&s) T(&s.a) T(s.arr) T(&s.arr[1]) T(s.arr+1) T(&s.z) T(p) T((char*)&s + 4)
return 0; }
