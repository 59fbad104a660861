// A stand-in of our own for the generator half of testlib.h (the repository holds no copy of
// testlib): registerGen seeds a random source from all the arguments, as testlib's does, rnd.next
// draws in a range and opt<T>(k) reads the k-th argument. It exists so that a generator written
// the testlib way (`#include "testlib.h"` beside it) compiles here; simcoach must find it there.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

static int testlib_argc;
static char **testlib_argv;

struct Random {
    std::mt19937_64 gen;
    long long next(long long lo, long long hi) { return std::uniform_int_distribution<long long>(lo, hi)(gen); }
} rnd;

inline void registerGen(int argc, char *argv[], int) {
    testlib_argc = argc;
    testlib_argv = argv;
    unsigned long long h = 3905348978240129619ULL;
    for (int i = 1; i < argc; i++)
        for (const char *p = argv[i]; *p; p++) h = h * 1000003ULL ^ static_cast<unsigned char>(*p);
    rnd.gen.seed(h);
}

template <typename T> T opt(int index) {
    if (index >= testlib_argc) {
        std::fprintf(stderr, "no argument %d\n", index);
        std::exit(3);
    }
    return static_cast<T>(std::atoll(testlib_argv[index]));
}

inline void println(long long x) { std::printf("%lld\n", x); }
