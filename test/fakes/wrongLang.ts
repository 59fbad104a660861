// Answers a model gives in the wrong language: sum-two in Python and in C++, each long enough
// to be a clear case for the language check (a two-line program never is).

export const PYTHON = [
  'import sys',
  '',
  'def main():',
  '    data = sys.stdin.read().split()',
  '    a, b = int(data[0]), int(data[1])',
  '    print(a + b)',
  '',
  'if __name__ == "__main__":',
  '    main()',
  '',
].join('\n');

export const CPP = [
  '#include <bits/stdc++.h>',
  'using namespace std;',
  'int main() {',
  '    long long a, b;',
  '    cin >> a >> b;',
  '    cout << a + b << endl;',
  '    return 0;',
  '}',
  '',
].join('\n');
