// testlib's wcmp (compare sequences of tokens), rewritten without testlib.h for a differential
// test: a token is a run of bytes between testlib's blanks, which are space, tab, CR and LF only.
// `wcmp input output answer`; exit 0 ok, 1 wrong answer.
#include <cstdio>
#include <string>

static bool blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static bool word(FILE *f, std::string &w) {
    int c;
    while ((c = std::fgetc(f)) != EOF && blank(c)) {}
    if (c == EOF) return false;
    w.clear();
    do w.push_back(static_cast<char>(c)); while ((c = std::fgetc(f)) != EOF && !blank(c));
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = std::fopen(argv[2], "rb");
    FILE *ans = std::fopen(argv[3], "rb");
    if (!out || !ans) return 3;
    std::string a, b;
    for (int n = 1;; n++) {
        bool more = word(ans, a), got = word(out, b);
        if (!more && !got) { std::fprintf(stderr, "%d tokens\n", n - 1); return 0; }
        if (!more) { std::fprintf(stderr, "extra token %d\n", n); return 1; }
        if (!got) { std::fprintf(stderr, "answer has more tokens than %d\n", n - 1); return 1; }
        if (a != b) { std::fprintf(stderr, "token %d differs\n", n); return 1; }
    }
}
