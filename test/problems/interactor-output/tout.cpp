// A testlib interactor that hands its output file to a checker (Polygon's set-up).
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
    long long a = inf.readLong(), b = inf.readLong();
    std::cout << a << ' ' << b << std::endl;
    tout << ouf.readLong() << std::endl;
    quitf(_ok, "read the answer");
}
