// expect: error   kind: preprocess   line: 3   message: nope.h
#include <stdio.h>
#include "nope.h"

int main(void) {
    return 0;
}
