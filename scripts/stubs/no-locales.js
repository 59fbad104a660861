// zod's locales, as zod/mini and zod's core re-export them: none (see localesOnlyWithFullZod in
// scripts/build.mjs). Full zod's `z.locales` keeps them all.
export {};
