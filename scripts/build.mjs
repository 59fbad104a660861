// Bundles the CLI into dist/ so the first frame does not wait on hundreds of module loads.
// Code splitting keeps Ink, React and the backends out of `--version` and `--help`.
import { build } from 'esbuild';
import { readFileSync, rmSync, chmodSync, mkdirSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dist = join(root, 'dist');
// Build beside dist/ and swap it in, so a CLI spawned by a concurrent test run never finds
// a half-written or missing bundle.
const staging = join(root, `.dist-build-${process.pid}`);
const stub = join(root, 'scripts', 'empty-module.js');

/**
 * Settings (zod/mini) and the agents (zod) share zod's core, and esbuild puts a file in one chunk
 * whoever imports it: core's and mini's `export * as locales` would put every locale (260 KB, a
 * third of the first frame's bytes) on the way to the first frame, though only full zod's
 * `z.locales` reaches them and the settings load `en` alone. Those two re-exports get an empty
 * namespace; full zod's own keeps every locale, in the agents' chunks.
 */
const localesOnlyWithFullZod = {
  name: 'zod-locales-only-with-full-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4[\\/](core[\\/]index|mini[\\/]external)\.js$/.test(args.importer)
        ? { path: join(root, 'scripts', 'stubs', 'no-locales.js') }
        : undefined,
    );
  },
};

/**
 * Yoga (Ink's layout) decodes its inlined wasm with `fetch` of a data: URL when fetch exists,
 * which loads undici (tens of ms) before the first frame; its own base64 path is synchronous and
 * loads nothing. The first frame needs no fetch otherwise (the probe uses node:http).
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const uses = 'function ya(){return w||"function"!=typeof fetch?';
      // A new yoga-layout reads its wasm otherwise: the build says so instead of shipping it unchanged.
      if (source.split(uses).length !== 2)
        throw new Error(
          `yoga-without-fetch: ${args.path} no longer has \`${uses}\`; look again at how it loads its wasm`,
        );
      return { contents: source.replace(uses, 'function ya(){return true?'), loader: 'js' };
    });
  },
};

/**
 * string-width tests every non-ASCII grapheme against /^\p{RGI_Emoji}$/v, and V8 compiles that
 * set (thousands of strings) on its first use: 20 ms on a quiet machine, ten times that on a
 * busy one, spent on the picker's first `›`. Every RGI emoji holds a \p{Emoji} code point and is
 * not a lone ASCII character (a keycap is three), so a grapheme without one skips the big test;
 * the answer is the same for every code point (checked over all of them, with the variation
 * selector, keycap, skin-tone and ZWJ forms), and the big set compiles only for a real emoji.
 * The set is built by `new RegExp` on that first use too: as a literal, V8 parses it (and
 * expands every RGI string) while compiling the module, 18–24 ms before the picker's first frame.
 */
const emojiTestOnlyForEmoji = {
  name: 'emoji-test-only-for-emoji',
  setup(b) {
    // The copy Ink and our rows use (string-width 8); older copies nested under other packages differ.
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => {
      if (args.path !== join(root, 'node_modules', 'string-width', 'index.js')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const uses = 'if (rgiEmojiRegex.test(segment) ||';
      if (source.split(uses).length !== 2)
        throw new Error(
          `emoji-test-only-for-emoji: ${args.path} no longer has \`${uses}\`; look again at its emoji test`,
        );
      const declared = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
      if (source.split(declared).length !== 2)
        throw new Error(
          `emoji-test-only-for-emoji: ${args.path} no longer has \`${declared}\`; look again at its emoji set`,
        );
      const lazy =
        "let rgiEmojiSet; const rgiEmojiRegex = { test: (s) => (rgiEmojiSet ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(s) };";
      const gate =
        '(((segment.length > 1 || segment.codePointAt(0) > 0x7F) && /\\p{Emoji}/u.test(segment) && rgiEmojiRegex.test(segment)) ||';
      return {
        contents: withLazySegmenter(
          source.replace(declared, () => lazy).replace(uses, () => `if ${gate}`),
          args.path,
        ),
        loader: 'js',
      };
    });
  },
};

/**
 * string-width (both copies), slice-ansi and Ink's tokenizer each make an Intl.Segmenter while
 * loading, and the first one made loads ICU's grapheme rules (14 ms, before the picker's first
 * frame). scripts/shims/graphemes.js makes it on first need, and splits the strings the screens
 * draw (each code point a grapheme whatever its neighbours) without it.
 */
const graphemeShim = join(root, 'scripts', 'shims', 'graphemes.js');
function withLazySegmenter(source, path) {
  const made = 'new Intl.Segmenter(';
  if (!source.includes(made))
    throw new Error(`lazy-segmenter: ${path} no longer makes \`${made}…)\`; look again at how it segments`);
  return `import { LazySegmenter as __LazySegmenter } from ${JSON.stringify(graphemeShim)};\n${source.split(made).join('new __LazySegmenter(')}`;
}
const lazySegmenter = {
  name: 'lazy-segmenter',
  setup(b) {
    const files =
      /[\\/]node_modules[\\/](?:string-width[\\/]index|slice-ansi[\\/]tokenize-ansi|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize)\.js$/;
    b.onLoad({ filter: files }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      // Older copies (CommonJS, under cli-table3 and cli-progress) make none.
      return source.includes('new Intl.Segmenter(')
        ? { contents: withLazySegmenter(source, args.path), loader: 'js' }
        : undefined;
    });
  },
};

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

const result = await build({
  entryPoints: {
    cli: join(root, 'src', 'cli.tsx'),
    // Developer tools share the CLI's chunks, so they measure the code a person runs.
    bench: join(root, 'bench', 'run.ts'),
    'judge-agree': join(root, 'scripts', 'judge-agree.ts'),
    // The verdict table's runner: the same judge on each cgroup path, in one process (test/vm).
    'verdict-table': join(root, 'test', 'vm', 'runner.ts'),
  },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Node 20 has these; esbuild's table does not say so and turns such a literal into
  // `new RegExp(…)`, which V8 compiles at once: string-width's /^\p{RGI_Emoji}$/v alone cost
  // tens of ms before the first frame, where a literal is compiled on its first use.
  supported: {
    'regexp-set-notation': true,
    'regexp-unicode-property-escapes': true,
    'regexp-lookbehind-assertions': true,
    'regexp-named-capture-groups': true,
    'regexp-match-indices': true,
  },
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  // native/supervisor.c travels inside the bundle as a string and is compiled on first use; the
  // reaper's shell script (native/reaper.sh) as a string too.
  loader: { '.c': 'text', '.sh': 'text' },
  chunkNames: 'chunks/[name]-[hash]',
  define: {
    'process.env.NODE_ENV': '"production"',
    __SIMCOACH_VERSION__: JSON.stringify(pkg.version),
    // Each build its own: settings kept by another build are resolved again (src/settings/memo.ts).
    __SIMCOACH_BUILD__: JSON.stringify(`${pkg.version}+${Date.now().toString(36)}`),
  },
  alias: {
    'react-devtools-core': stub,
    // What marked-terminal imports for options the statement renderer turns off.
    'cli-highlight': join(root, 'scripts', 'stubs', 'cli-highlight.js'),
    'node-emoji': join(root, 'scripts', 'stubs', 'node-emoji.js'),
  },
  // Some bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __scCreateRequire } from 'node:module';\nconst require = __scCreateRequire(import.meta.url);",
  },
  plugins: [localesOnlyWithFullZod, yogaWithoutFetch, emojiTestOnlyForEmoji, lazySegmenter],
  // Native: better-sqlite3's compiled addon and sqlite-vec's loadable extension are found on disk
  // at run time (node_modules), never bundled.
  external: ['better-sqlite3', 'sqlite-vec'],
  logLevel: 'warning',
  // Which module went into which chunk: test/first-frame.test.ts and `npm run bench` read it to
  // see what the first frame loads.
  metafile: true,
});

chmodSync(join(staging, 'cli.js'), 0o755);
writeFileSync(join(staging, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');

const old = join(root, `.dist-old-${process.pid}`);
if (existsSync(dist)) renameSync(dist, old);
renameSync(staging, dist);
rmSync(old, { recursive: true, force: true });

const cache = join(root, 'node_modules', '.cache', 'simcoach');
mkdirSync(cache, { recursive: true });
const metaTmp = join(cache, `build-meta.${process.pid}.json`);
writeFileSync(metaTmp, JSON.stringify(result.metafile));
renameSync(metaTmp, join(cache, 'build-meta.json'));
