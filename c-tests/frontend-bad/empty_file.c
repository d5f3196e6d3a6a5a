// expect: error   kind: invalid   message: no function definitions
