// class: fnptr
// expect: violation
// inputs: 45
// A pointer to an external function without a body (its result is unknown) is called; the error needs its result to be 45, which doubles to 90.
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
    if (w == 90)
        reach_error();
    return 0;
}
