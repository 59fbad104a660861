// A testlib interactor that judges the answer itself and writes nothing for a checker
// (no tout: the verdict is its own).
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
    long long a = inf.readLong(), b = inf.readLong();
    std::cout << a << ' ' << b << std::endl;
    if (ouf.readLong() != a + b) quitf(_wa, "wrong sum");
    quitf(_ok, "right sum");
}
