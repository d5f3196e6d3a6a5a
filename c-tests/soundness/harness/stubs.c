/* External functions of the c-tests/soundness programs, for their gcc builds
 * (scripts/soundness-gcc). The programs declare these functions without a body: slamrs
 * treats them as unknown functions, whose result is arbitrary. Each stub returns the next
 * input (env.c's __VERIFIER_nondet_int), which is one of the behaviours that model allows,
 * so a witness line can choose the result. Every definition is weak. */
extern int __VERIFIER_nondet_int(void);

#define WEAK __attribute__((weak))

WEAK int read_reg(int reg) { (void)reg; return __VERIFIER_nondet_int(); }
