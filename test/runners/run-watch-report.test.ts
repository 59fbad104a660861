// A launcher that reports and exits just before our watchdog asks it to stop: the ask fails (its
// socket is closed), and the report it wrote must still be read. The VM table's
// reaped-children-tle row lost its verdict to this race ("the sandbox could not be set up").
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Isolation } from '../../src/runners/sandbox/capabilities.js';
import { RunWatch } from '../../src/runners/sandbox/runWatch.js';

const ended = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] === 'Z';
  } catch {
    return true;
  }
};

describe('the launcher report', () => {
  it('survives an ask to stop sent after the launcher has exited', async () => {
    const child = spawn('sh', ['-c', 'echo "status=0 cpu_us=1" >&3'], { stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    // Only what hardKill reads of it: a sandbox with namespaces, so no marker sweep.
    const iso = { namespaces: 'bwrap', cgroups: [] } as unknown as Isolation;
    const spec = { cpuMs: 1000, wallMs: 5000, outputBytes: 1 << 20 };
    const w = new RunWatch(child, spec, iso, null, child.stdio[3] as Duplex, 'no-marker');
    const started = performance.now();
    // Block the event loop until the launcher has written and exited, so its exit is not seen yet.
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    while (!ended(child.pid!)) Atomics.wait(sleep, 0, 0, 5);
    w.killTree();
    await w.end(started);
    expect(w.reportText).toBe('status=0 cpu_us=1\n');
  });
});
