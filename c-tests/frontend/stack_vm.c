// covers: a small bytecode interpreter: switch dispatch in a loop, operand stack array with a stack pointer, jumps, program counter arithmetic, error codes via exit
// inputs: 5
// inputs: 0
// inputs: 12
#include <stdlib.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

enum op { PUSH, ADD, SUB, MUL, DUP, SWAP, JZ, JMP, PRINT, HALT, DEC, OVER, DROP };

static int run(const int *code, int len, int arg) {
    int stack[16];
    int sp = 0, pc = 0, steps = 0;
    stack[sp++] = arg;
    while (pc < len && steps++ < 500) {
        int op = code[pc++];
        switch (op) {
        case PUSH: stack[sp++] = code[pc++]; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case DROP: sp--; break;
        case SWAP: {
            int t = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = t;
            break;
        }
        case DEC: stack[sp - 1]--; break;
        case JZ:
            if (stack[--sp] == 0) {
                pc = code[pc];
                continue;
            }
            pc++;
            break;
        case JMP: pc = code[pc]; break;
        case PRINT: printf("out %d\n", stack[sp - 1]); break;
        case HALT: return stack[sp - 1];
        default:
            printf("bad opcode %d\n", op);
            exit(4);
        }
        if (sp < 1 || sp > 15)
            exit(5);
    }
    return -1;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 12)
        return 1;
    /* factorial: acc=1; while (n) { acc *= n; n--; } */
    int fact[] = {PUSH, 1, SWAP, DUP, JZ, 14, DUP, PRINT, DROP, SWAP, OVER, MUL, SWAP, DEC, JMP, 3};
    fact[5] = 16;
    int prog2[] = {PUSH, 1, SWAP, DUP, JZ, 16, DUP, PRINT, DROP, SWAP, OVER, MUL, SWAP, DEC, JMP, 3, DROP, HALT};
    int r = run(prog2, (int)(sizeof prog2 / sizeof prog2[0]), n);
    printf("fact(%d)=%d\n", n, r);
    int r2 = run(fact, 16, 0);
    printf("r2=%d\n", r2);
    int bad[] = {PUSH, 2, 77};
    if (n == 0)
        run(bad, 3, 0);
    return r & 0x3f;
}
