// tempdirHolder.ts bundled into one file that node runs as a simcoach of its own: the real
// tempdirs.ts, in a process whose environment (TMPDIR, PATH) the test chooses.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Bundles the holder to `out` (an .mjs file) and returns that path. */
export async function bundleTempdirHolder(out: string): Promise<string> {
  await build({
    entryPoints: [join(import.meta.dirname, 'tempdirHolder.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    loader: { '.sh': 'text', '.c': 'text' },
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return out;
}

/** The run dir a started holder made: the first line it prints (it fails when the holder ends first). */
export function madeDir(proc: ChildProcess): Promise<string> {
  return new Promise<string>((done, fail) => {
    let out = '';
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) done(out.trim());
    });
    proc.once('exit', (code) => fail(new Error(`holder ended (${code}) before making its dir`)));
  });
}
