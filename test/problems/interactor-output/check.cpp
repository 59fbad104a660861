// The checker paired with tout.cpp: reads the interactor's output file and the answer.
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    if (ouf.readLong() != ans.readLong()) quitf(_wa, "wrong sum");
    quitf(_ok, "right sum");
}
