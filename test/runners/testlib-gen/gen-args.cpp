// A testlib-style generator with arguments, `gen-args N V SEED`: n up to N, values up to V. It
// refuses to run without both (the seed alone is not enough), so the arguments must arrive.
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    if (argc != 4) {
        std::fprintf(stderr, "usage: gen-args N V SEED (got %d arguments)\n", argc - 1);
        return 3;
    }
    int most = opt<int>(1), top = opt<int>(2);
    int n = static_cast<int>(rnd.next(1, most));
    std::printf("%d\n", n);
    for (int i = 0; i < n; i++) std::printf("%lld%c", rnd.next(1, top), i + 1 < n ? ' ' : '\n');
}
