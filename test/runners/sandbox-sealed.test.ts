// The per-test sandbox's writable places (issue 25): the work dir is a tmpfs of about the output
// limit, the input files are in it read-only, and what comes back out of a writable dir (a
// compiler's output) is only what the program left there as plain files and dirs: a link it planted
// is never followed, a FIFO never read, no set-uid bit kept.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolation } from '../../src/runners/sandbox/capabilities.js';
import { pythonExecutable } from '../../src/runners/languages/langs.js';
import { runSandboxed, workAreaBytes, type SandboxSpec } from '../../src/runners/sandbox/sandbox.js';
import { supervisorBinary } from '../../src/runners/sandbox/supervisor.js';
import { tempDir } from '../helpers/tempDir.js';

const iso = await isolation();
const sealed = iso.namespaces === 'bwrap' && (await supervisorBinary()) !== null;
const out = tempDir('sc-sealed-');

const spec = async (source: string, extra: Partial<SandboxSpec> = {}): Promise<SandboxSpec> => ({
  cmd: await pythonExecutable(),
  args: ['-c', source],
  stdin: '',
  cpuMs: 10_000,
  wallMs: 60_000,
  memoryBytes: 256 << 20,
  pids: 16,
  outputBytes: 4 << 20,
  ...extra,
});

describe.runIf(sealed)('a sealed per-test sandbox', () => {
  it('works in a tmpfs of its own, of about the output limit, with its input files there read-only', async () => {
    const files = { 'input.txt': 'given\n' };
    const s = await spec(
      'import os\nmount = [l.split() for l in open("/proc/self/mountinfo") if l.split()[4] == os.getcwd()][-1]\n' +
        'fs = mount[mount.index("-") + 1]\nv = os.statvfs(".")\ntry:\n    open("input.txt", "a").write("x")\n    kept = "written"\nexcept OSError:\n    kept = "read-only"\n' +
        'print(fs, v.f_blocks * v.f_frsize, open("input.txt").read().strip(), kept)\n',
      { files },
    );
    const r = await runSandboxed(s);
    const [fs, size, content, kept] = r.stdout.toString().trim().split(' ');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs).toBe('tmpfs');
    // tmpfs rounds its size up to whole pages.
    expect(Number(size)).toBeGreaterThanOrEqual(workAreaBytes(s));
    expect(Number(size)).toBeLessThan(workAreaBytes(s) + (1 << 20));
    expect([content, kept]).toEqual(['given', 'read-only']);
  });

  it('a writable dir comes back with its files and dirs only: no link followed, no FIFO, no set-uid bit', async () => {
    const dir = join(out, 'build');
    const s = await spec(
      'import os, sys\nd = sys.argv[1]\nos.makedirs(f"{d}/sub")\nopen(f"{d}/a.txt", "w").write("plain")\nopen(f"{d}/sub/b.bin", "w").write("bin")\nos.chmod(f"{d}/sub/b.bin", 0o4755)\n' +
        'os.symlink("/etc/passwd", f"{d}/link")\nos.symlink("/etc", f"{d}/dirlink")\nos.mkfifo(f"{d}/fifo")\nprint("planted")\n',
      { writable: dir },
    );
    s.args.push(dir);
    mkdirSync(dir);
    const r = await runSandboxed(s);
    expect(r.stdout.toString().trim(), r.stderr).toBe('planted');
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'sub']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('plain');
    expect(readFileSync(join(dir, 'sub', 'b.bin'), 'utf8')).toBe('bin');
    const mode = statSync(join(dir, 'sub', 'b.bin')).mode;
    expect(mode & 0o111).not.toBe(0);
    expect(mode & 0o4000).toBe(0);
    expect(lstatSync(join(dir, 'sub')).isDirectory()).toBe(true);
    expect(existsSync(join(dir, 'link'))).toBe(false);
  });
});
