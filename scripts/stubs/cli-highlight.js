// marked-terminal imports cli-highlight, which pulls in every highlight.js language (about 1 MB).
// Statements' code is shown as written (src/components/statement.ts renders code blocks itself),
// so the bundle gets this instead.
export function highlight(code) {
  return code;
}
