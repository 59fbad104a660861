// An input generator the testlib way (like testlib's igen.cpp): seeded by registerGen from its
// arguments, which here are only the round's seed. It writes an `inversions` input.
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = static_cast<int>(rnd.next(1, 6));
    std::printf("%d\n", n);
    for (int i = 0; i < n; i++) std::printf("%lld%c", rnd.next(1, 40), i + 1 < n ? ' ' : '\n');
}
