// covers: calendar arithmetic with division and remainder, leap-year logic with && and ||, lookup tables, day-of-week (Zeller), days between dates, long intermediate values
// inputs: 2024 2 29
// inputs: 1900 3 1
// inputs: 2000 12 31
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static const int month_days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
static const char *const weekday[7] = {"Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"};

static int is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static long days_from_epoch(int y, int m, int d) {
    long days = 0;
    for (int yy = 1970; yy < y; yy++)
        days += 365 + is_leap(yy);
    for (int yy = y; yy < 1970; yy++)
        days -= 365 + is_leap(yy);
    for (int mm = 1; mm < m; mm++)
        days += month_days[mm - 1] + (mm == 2 && is_leap(y));
    return days + d - 1;
}

static int zeller(int y, int m, int d) {
    if (m < 3) {
        m += 12;
        y -= 1;
    }
    int k = y % 100, j = y / 100;
    return (d + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
}

int main(void) {
    int y = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    int d = __VERIFIER_nondet_int();
    if (m < 1 || m > 12 || d < 1 || y < 1800 || y > 2200)
        return 1;
    int dim = month_days[m - 1] + (m == 2 && is_leap(y));
    if (d > dim) {
        printf("invalid date\n");
        return 2;
    }
    long e = days_from_epoch(y, m, d);
    printf("%04d-%02d-%02d leap=%d days_since_epoch=%ld weekday=%s\n", y, m, d, is_leap(y), e, weekday[zeller(y, m, d)]);
    long secs = e * 86400L;
    printf("seconds=%ld\n", secs);
    int doy = (int)(e - days_from_epoch(y, 1, 1)) + 1;
    printf("day of year=%d\n", doy);
    return doy & 0x3f;
}
