// An A+B interactor in the Polygon set-up, written to testlib's conventions without testlib.h:
// `interactor input output answer`. It gives the program the two numbers, reads its answer and
// writes that answer to its output file; whether it is right is the checker's call, not its own.
// Exit 0 after a clean conversation, 2 (presentation error) when the program says nothing readable.
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 3) return 3;
    FILE *in = std::fopen(argv[1], "r");
    FILE *out = std::fopen(argv[2], "w");
    long long a, b;
    if (!in || !out || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 3;
    std::printf("%lld %lld\n", a, b);
    std::fflush(stdout);
    long long said;
    if (std::scanf("%lld", &said) != 1) {
        std::fprintf(stderr, "expected a number from the program\n");
        return 2;
    }
    std::fprintf(out, "%lld\n", said);
    std::fclose(out);
    return 0;
}
