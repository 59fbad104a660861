// The checker of the Polygon A+B set-up, to testlib's conventions without testlib.h:
// `check input output answer`, where output is the interactor's output file. Exit 0 ok, 1 wrong
// answer, 2 presentation error; the message goes to stderr as testlib's does.
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = std::fopen(argv[2], "r");
    FILE *ans = std::fopen(argv[3], "r");
    long long got, want;
    if (!ans || std::fscanf(ans, "%lld", &want) != 1) return 3;
    if (!out || std::fscanf(out, "%lld", &got) != 1) {
        std::fprintf(stderr, "the interactor's output holds no number\n");
        return 2;
    }
    if (got != want) {
        std::fprintf(stderr, "expected %lld, found %lld\n", want, got);
        return 1;
    }
    std::fprintf(stderr, "ok %lld\n", got);
    return 0;
}
