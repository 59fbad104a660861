// The sandbox spec of one run of a judged program: its command, its limits and where its input
// goes. Shared by plain tests, stress rounds and interactive tests, so each runs under the same walls.
import type { FileIo } from '../problems/types.js';
import type { Built } from './build.js';
import type { Limits } from './judge.js';
import { LANGS } from './langs.js';
import type { SandboxSpec } from './sandbox.js';
import type { LangId } from './types.js';

/** How a built program runs once on one input: the sandbox spec every run of a test shares. */
export async function testRun(lang: LangId, built: Built, input: string, lim: Limits, io: FileIo, signal?: AbortSignal, args: string[] = []): Promise<SandboxSpec> {
  const l = LANGS[lang];
  const memoryBytes = (lim.memoryMb + l.overheadMb) * 1024 * 1024;
  const run = await l.run(built.dir, built.file, lim.memoryMb);
  return {
    cmd: run.cmd,
    args: [...run.args, ...args],
    readable: [built.dir],
    ...(io.input ? { files: { [io.input]: input } } : {}),
    stdin: io.input ? '' : input,
    ...(io.output ? { outputFile: io.output } : {}),
    cpuMs: lim.timeMs,
    wallMs: lim.wallMs,
    // A little room for the sandbox's own launcher processes, which share the group.
    memoryBytes: memoryBytes + (8 << 20),
    addressSpaceBytes: l.addressSpaceLimit ? memoryBytes + (64 << 20) : undefined,
    pids: lim.processes,
    ...(lim.allowProcesses ? { processes: true } : {}),
    outputBytes: lim.outputBytes,
    signal,
  };
}
