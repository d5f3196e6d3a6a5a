// covers: global initializers: scalars, nested braces, designated fields and indices, partial (rest zero), string literals in char arrays, pointers to globals, arrays sized by initializer, tentative definitions
int printf(const char *, ...);

struct pt {
    int x, y;
};
struct shape {
    char name[10];
    struct pt corners[3];
    int ncorners;
    const char *label;
};

int counter;
int counter;
int base = 40 + 2;
unsigned mask = ~0u;
long neg = -5000000000L;
char letter = 'Q';
int primes[] = {2, 3, 5, 7, 11};
int partial[6] = {1, 2};
int designated[8] = {[2] = 20, [5] = 50, 51, [0] = 1};
int grid[2][3] = {{1, 2, 3}, {4, 5}};
int flat_grid[2][3] = {1, 2, 3, 4};
char greeting[] = "hello";
char padded[8] = "hi";
const char *msg = "pointer to literal";
int *pbase = &base;
int *pprime = &primes[3];
struct pt origin;
struct pt unit = {.y = 1};
struct shape tri = {"triangle", {{0, 0}, {4, 0}, {0, 3}}, 3, "tri"};
struct shape seg = {.name = "seg", .corners = {[1] = {.x = 9}}, .ncorners = 2};
struct pt pts[] = {[1].x = 5, [1].y = 6, [3] = {7, 8}};
static int hidden = 3;

int main(void) {
    printf("counter=%d base=%d mask=%u neg=%ld letter=%c\n", counter, base, mask, neg, letter);
    for (unsigned i = 0; i < sizeof(primes) / sizeof(primes[0]); i++)
        printf("%d ", primes[i]);
    printf("\n");
    for (int i = 0; i < 6; i++)
        printf("%d ", partial[i]);
    printf("\n");
    for (int i = 0; i < 8; i++)
        printf("%d ", designated[i]);
    printf("\n");
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            printf("%d/%d ", grid[i][j], flat_grid[i][j]);
    printf("\n%s %lu %s %d %d %d\n", greeting, sizeof(greeting), padded, padded[2], padded[7], (int)sizeof(padded));
    printf("%s *pbase=%d *pprime=%d\n", msg, *pbase, *pprime);
    printf("origin=%d,%d unit=%d,%d\n", origin.x, origin.y, unit.x, unit.y);
    printf("%s %d:", tri.name, tri.ncorners);
    for (int i = 0; i < 3; i++)
        printf(" (%d,%d)", tri.corners[i].x, tri.corners[i].y);
    printf(" %s\n", tri.label);
    printf("%s %d (%d,%d) (%d,%d) label-null=%d\n", seg.name, seg.ncorners, seg.corners[0].x, seg.corners[1].x, seg.corners[2].x, seg.corners[2].y, seg.label == 0);
    printf("pts n=%lu:", sizeof(pts) / sizeof(pts[0]));
    for (int i = 0; i < 4; i++)
        printf(" %d,%d", pts[i].x, pts[i].y);
    printf("\nhidden=%d\n", hidden);
    *pbase += hidden;
    return base;
}
