// C sources under native/ are imported as their text: esbuild's text loader (scripts/build.mjs)
// and vitest's c-as-text plugin (vitest.config.ts) both turn a `.c` import into its source.
declare module '*.c' {
  const source: string;
  export default source;
}
