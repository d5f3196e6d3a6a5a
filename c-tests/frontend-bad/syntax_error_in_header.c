// expect: error   kind: syntax   file: broken.h   line: 4   message: syntax error
#include "include/broken.h"

int main(void) {
    return helper(1);
}
