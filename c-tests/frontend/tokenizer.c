// covers: character classification with ranges and switch on char, pointer walking over a string literal, token structs in an array, enums for token kinds, numbers parsed in a loop
// inputs: 0
// inputs: 1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

enum kind { T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_END, T_BAD };

struct token {
    enum kind kind;
    int value;
    char text[8];
};

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int lex(const char *s, struct token *out, int max) {
    int n = 0;
    while (n < max) {
        while (*s == ' ' || *s == '\t')
            s++;
        struct token *t = &out[n++];
        t->value = 0;
        t->text[0] = 0;
        if (*s == 0) {
            t->kind = T_END;
            break;
        }
        if (is_digit(*s)) {
            t->kind = T_NUM;
            while (is_digit(*s))
                t->value = t->value * 10 + (*s++ - '0');
        } else if (is_alpha(*s)) {
            int len = 0;
            t->kind = T_IDENT;
            while ((is_alpha(*s) || is_digit(*s)) && len < 7)
                t->text[len++] = *s++;
            t->text[len] = 0;
            while (is_alpha(*s) || is_digit(*s))
                s++;
        } else {
            switch (*s) {
            case '+': case '-': case '*': case '/':
                t->kind = T_OP;
                t->value = *s;
                break;
            case '(': t->kind = T_LPAREN; break;
            case ')': t->kind = T_RPAREN; break;
            default: t->kind = T_BAD; t->value = *s;
            }
            s++;
        }
    }
    return n;
}

int main(void) {
    int which = __VERIFIER_nondet_int();
    const char *src = which ? "alpha_long_name+(12 * beta3) - 7/x?" : "1+2";
    struct token toks[16];
    int n = lex(src, toks, 16);
    static const char *names[] = {"NUM", "IDENT", "OP", "(", ")", "END", "BAD"};
    for (int i = 0; i < n; i++) {
        struct token *t = &toks[i];
        switch (t->kind) {
        case T_NUM: printf("%s %d\n", names[t->kind], t->value); break;
        case T_IDENT: printf("%s %s\n", names[t->kind], t->text); break;
        case T_OP: case T_BAD: printf("%s %c\n", names[t->kind], t->value); break;
        default: printf("%s\n", names[t->kind]);
        }
    }
    return n;
}
