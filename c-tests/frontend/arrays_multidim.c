// covers: one- and multi-dimensional arrays, indexing with expressions, arrays of arrays passed to functions, row pointers, index commutativity
// inputs: 3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

#define R 3
#define C 4

static int row_sum(const int row[C]) {
    int s = 0;
    for (int j = 0; j < C; j++)
        s += row[j];
    return s;
}

static void transpose(int in[R][C], int out[C][R]) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            out[j][i] = in[i][j];
}

static int trace3(int m[][3]) {
    return m[0][0] + m[1][1] + m[2][2];
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int a[R][C];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            a[i][j] = i * 10 + j + n;
    int t[C][R];
    transpose(a, t);
    for (int i = 0; i < C; i++) {
        for (int j = 0; j < R; j++)
            printf("%3d", t[i][j]);
        printf(" | %d\n", i < R ? row_sum(a[i]) : -1);
    }
    int cube[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
    int s = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++)
                s += cube[i][j][k] * (i + 1);
    printf("cube sum=%d\n", s);
    int (*row)[C] = a;
    row++;
    printf("row[0][1]=%d (*row)[2]=%d\n", row[0][1], (*row)[2]);
    int *flat = &a[0][0];
    printf("flat[5]=%d\n", flat[5]);
    int v[5] = {5, 4, 3, 2, 1};
    printf("2[v]=%d v[v[4]]=%d\n", 2[v], v[v[4]]);
    int sq[3][3] = {{n, 1, 2}, {3, n, 5}, {6, 7, n}};
    printf("trace=%d\n", trace3(sq));
    char words[3][6] = {"one", "two", "three"};
    printf("%s %s %s %c\n", words[0], words[1], words[2], words[2][3]);
    int hist[10] = {0};
    for (int i = 0; i < 30; i++)
        hist[(i * n) % 10]++;
    for (int i = 0; i < 10; i++)
        printf("%d", hist[i]);
    printf("\nsizes %lu %lu %lu\n", sizeof(a), sizeof(a[0]), sizeof(cube[1][0]));
    return s;
}
