// C and shell sources under native/ are imported as their text: esbuild's text loader
// (scripts/build.mjs) and vitest's as-text plugin (vitest.config.ts) turn such an import into its source.
declare module '*.c' {
  const source: string;
  export default source;
}
declare module '*.sh' {
  const source: string;
  export default source;
}
