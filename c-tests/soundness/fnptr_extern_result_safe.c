// class: fnptr
// expect: safe
// inputs: 45
// The twin of fnptr_extern_result_bug.c: the unknown result read through the pointer is doubled, so it is never 91 whatever the external function returns.
extern void reach_error(void);
extern int read_reg(int reg);

static int (*reader)(int) = read_reg;

int main(void)
{
    int v = reader(4);
    int w;

    if (v < 0 || v > 100)
        return 0;
    w = v * 2;
    if (w == 91)
        reach_error();
    return 0;
}
