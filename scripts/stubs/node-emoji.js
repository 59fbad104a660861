// marked-terminal imports node-emoji (and its 300 KB emoji table) for `:smile:` codes; the
// statement renderer turns that option off, so the bundle gets this instead.
export function get() {
  return undefined;
}
