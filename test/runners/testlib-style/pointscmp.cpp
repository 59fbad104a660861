// testlib's scored-checker example (checkers/pointscmp.cpp), rewritten without testlib.h: it reads
// one number from the answer and one from the output and gives their distance as points, the way
// testlib's quitp reports them: "points <score> <message>" on stderr, exit 7. The right answer
// scores 0. `pointscmp input output answer`.
#include <cmath>
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = std::fopen(argv[2], "rb");
    FILE *ans = std::fopen(argv[3], "rb");
    double ja = 0, pa = 0;
    if (!out || !ans || std::fscanf(ans, "%lf", &ja) != 1) return 3;
    if (std::fscanf(out, "%lf", &pa) != 1) { std::fprintf(stderr, "wrong output format expected a number\n"); return 2; }
    std::fprintf(stderr, "points %g ja=%.4f pa=%.4f\n", std::fabs(ja - pa), ja, pa);
    return 7;
}
