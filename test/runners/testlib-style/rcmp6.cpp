// testlib's rcmp6 (doubles within 1e-6, absolute or relative), rewritten without testlib.h for a
// differential test, with testlib's doubleCompare: the error bound gets 1e-15 of slack, and the
// relative test is a band expected * (1 -/+ eps). `rcmp6 input output answer`; exit 0 ok, 1 WA.
#include <algorithm>
#include <cmath>
#include <cstdio>

static bool doubleCompare(double expected, double result, double eps) {
    eps += 1e-15;
    if (std::fabs(result - expected) <= eps) return true;
    double lo = std::min(expected * (1.0 - eps), expected * (1.0 + eps));
    double hi = std::max(expected * (1.0 - eps), expected * (1.0 + eps));
    return result >= lo && result <= hi;
}

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = std::fopen(argv[2], "r");
    FILE *ans = std::fopen(argv[3], "r");
    if (!out || !ans) return 3;
    double a, b;
    for (int n = 1;; n++) {
        bool more = std::fscanf(ans, "%lf", &a) == 1, got = std::fscanf(out, "%lf", &b) == 1;
        if (!more && !got) return 0;
        if (!more || !got) { std::fprintf(stderr, "token count differs at %d\n", n); return 1; }
        if (!doubleCompare(a, b, 1e-6)) { std::fprintf(stderr, "number %d: expected %.10f, found %.10f\n", n, a, b); return 1; }
    }
}
