// Bundles the CLI into dist/ so the first frame does not wait on hundreds of module loads.
// Code splitting keeps Ink, React and the backends out of `--version` and `--help`.
import { build } from 'esbuild';
import { readFileSync, rmSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dist = join(root, 'dist');
const stub = join(root, 'scripts', 'empty-module.js');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: {
    cli: join(root, 'src', 'cli.tsx'),
    // Developer tools share the CLI's chunks, so they measure the code a person runs.
    bench: join(root, 'bench', 'run.ts'),
    'judge-agree': join(root, 'scripts', 'judge-agree.ts'),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: {
    'process.env.NODE_ENV': '"production"',
    __SIMCOACH_VERSION__: JSON.stringify(pkg.version),
  },
  alias: { 'react-devtools-core': stub },
  // Some bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __scCreateRequire } from 'node:module';\nconst require = __scCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

chmodSync(join(dist, 'cli.js'), 0o755);
writeFileSync(join(dist, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');
