// An interactor that scores instead of judging, as testlib's quitp does: exit 7 with the points
// first in its message. It asks for the sum and gives 10 points for it, 0 otherwise.
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 2) return 3;
    FILE *in = std::fopen(argv[1], "r");
    long long a, b, said;
    if (!in || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 3;
    std::printf("%lld %lld\n", a, b);
    std::fflush(stdout);
    bool right = std::scanf("%lld", &said) == 1 && said == a + b;
    std::fprintf(stderr, "%d points\n", right ? 10 : 0);
    return 7;
}
