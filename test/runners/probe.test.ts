// probe(): the short commands run to find tools and their versions (doctor, the judge's languages,
// the sandbox check). It never throws, and a command that hangs or floods is stopped.
import { describe, expect, it } from 'vitest';
import { probe } from '../../src/runners/languages/probe.js';

describe('probe', () => {
  it('gives what the command printed on each stream, final newline kept', async () => {
    const r = await probe('/bin/sh', ['-c', 'echo out; echo err >&2']);
    expect(r).toEqual({ ok: true, stdout: 'out\n', stderr: 'err\n' });
  });

  it('a command that fails or is missing is ok: false, never an exception', async () => {
    expect((await probe('/bin/sh', ['-c', 'echo why >&2; exit 3'])).ok).toBe(false);
    expect(await probe('simcoach-no-such-tool', ['--version'])).toEqual({ ok: false, stdout: '', stderr: '' });
  });

  it('stops a command that hangs at the timeout', async () => {
    const started = Date.now();
    const r = await probe('/bin/sh', ['-c', 'echo started; exec sleep 60'], 300);
    expect(r.ok).toBe(false);
    // Well before the command's own 60 s: it was killed, not waited out.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('stops a command that prints without end', async () => {
    const r = await probe('/bin/sh', ['-c', 'exec yes'], 30_000);
    expect(r.ok).toBe(false);
  });
});
