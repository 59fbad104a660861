// What the tutor's first frame loads, read from the build's esbuild metafile (written by
// scripts/build.mjs): the chunks of the CLI's entry, of `commands/shared/app.ts` and of `launch/launch.tsx`
// (the two dynamic imports on the way to the picker) and every chunk they import statically.
// A figure that does not depend on how busy the machine is, and what test/first-frame.test.ts
// checks the split of settings from the flows' code against.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<
    string,
    {
      bytes: number;
      entryPoint?: string;
      imports: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}

/** The entry points, in the order they load, of `simcoach` with no command up to its first frame. */
export const FIRST_FRAME_ENTRIES = ['src/cli.tsx', 'src/commands/shared/app.ts', 'src/launch/launch.tsx'];

export interface LoadPath {
  /** Output chunks, as the metafile names them. */
  chunks: string[];
  /** Source modules bundled into those chunks (paths as esbuild names them: src/…, node_modules/…). */
  modules: string[];
  bytes: number;
}

/** The metafile of the last build, or undefined when there is none (never built here). */
export function readMetafile(root = join(dirname(fileURLToPath(import.meta.url)), '..')): Metafile | undefined {
  const file = join(root, 'node_modules', '.cache', 'simcoach', 'build-meta.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Metafile) : undefined;
}

/** Every chunk that loading `entries` loads before any other dynamic import: their static closure. */
export function loadPath(meta: Metafile, entries: readonly string[]): LoadPath {
  const outputs = Object.entries(meta.outputs);
  const start = entries.map((entry) => {
    const found = outputs.find(([, o]) => o.entryPoint === entry);
    if (!found) throw new Error(`the build has no chunk for ${entry}`);
    return found[0];
  });
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const i of meta.outputs[chunk]?.imports ?? [])
      if (i.kind === 'import-statement' && i.path in meta.outputs) queue.push(i.path);
  }
  const chunks = [...seen];
  const modules = [
    ...new Set(
      chunks.flatMap((c) =>
        Object.entries(meta.outputs[c]!.inputs)
          .filter(([, v]) => v.bytesInOutput > 0)
          .map(([k]) => k),
      ),
    ),
  ];
  return { chunks, modules, bytes: chunks.reduce((n, c) => n + meta.outputs[c]!.bytes, 0) };
}

/** Bytes of each package (or src/ folder) in a load path, largest first. */
export function bytesByOwner(meta: Metafile, path: LoadPath): [string, number][] {
  const owners = new Map<string, number>();
  for (const c of path.chunks) {
    for (const [k, v] of Object.entries(meta.outputs[c]!.inputs)) {
      const owner = k.includes('node_modules/')
        ? k.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
        : k.replace(/^(src\/[^/]+\/?).*/, '$1');
      owners.set(owner, (owners.get(owner) ?? 0) + v.bytesInOutput);
    }
  }
  return [...owners].sort((a, b) => b[1] - a[1]);
}

/** Source modules (metafile names) held by the dist/ files a run loaded (paths relative to dist/, as test/helpers/load-trace.mjs writes them). */
export function modulesOfLoaded(loaded: string[], meta: Metafile | undefined = readMetafile()): string[] {
  if (!meta) throw new Error('no build metafile: run npm run build');
  // The metafile names outputs as written into the staging folder (scripts/build.mjs swaps it in).
  const byFile = new Map(
    Object.entries(meta.outputs).map(([k, o]) => [k.replace(/^[^/]+\//, ''), Object.keys(o.inputs)]),
  );
  return loaded.flatMap((f) => byFile.get(f) ?? []);
}
