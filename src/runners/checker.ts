import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildProgram, type Built } from './build.js';
import { LANGS, langFromPath } from './langs.js';
import { runSandboxed } from './sandbox.js';
import { printable } from '../printable.js';
import type { CompileInfo } from './types.js';

export interface Checker {
  built: Built;
  lang: keyof typeof LANGS;
}

/** Builds a testlib-style checker (or interactor) once; the headers it includes from its folder (testlib.h) are copied beside it. */
export async function prepareChecker(file: string, signal?: AbortSignal, role: 'checker' | 'interactor' = 'checker'): Promise<{ ok: true; checker: Checker } | { ok: false; compile: CompileInfo }> {
  const lang = langFromPath(file);
  if (!lang) return { ok: false, compile: { ok: false, message: `${role} ${file}: unknown language (use .cpp, .py, .js or .java)`, cached: false, ms: 0 } };
  const source = await readFile(file, 'utf8');
  const r = await buildProgram({ lang, source }, { includeDirs: [dirname(file)], signal });
  if (!r.ok) return { ok: false, compile: { ...r.compile, message: `${role}: ${r.compile.message}` } };
  return { ok: true, checker: { built: r.built, lang } };
}

/**
 * testlib convention: `checker input output answer`; exit 0 AC, 1 WA, 2 presentation error.
 * The program's output is a file (`outputFile`, in a directory of its own), never held in memory.
 */
export async function runChecker(c: Checker, input: string, outputFile: string, answer: string, signal?: AbortSignal): Promise<{ ok: boolean; detail?: string }> {
  const run = await LANGS[c.lang].run(c.built.dir, c.built.file, 1024);
  const r = await runSandboxed({
    cmd: run.cmd,
    args: [...run.args, 'input.txt', outputFile, 'answer.txt'],
    files: { 'input.txt': input, 'answer.txt': answer },
    readable: [c.built.dir, dirname(outputFile)],
    stdin: '',
    cpuMs: 10_000,
    wallMs: 20_000,
    memoryBytes: 1024 << 20,
    pids: 64,
    outputBytes: 1 << 20,
    signal,
  });
  const said = printable((r.stderr.trim() || r.stdout.toString().trim()).split('\n')[0]?.slice(0, 200) ?? '');
  if (r.exitCode === 0) return { ok: true, detail: said || undefined };
  if (r.exitCode === 1) return { ok: false, detail: `checker: wrong answer${said ? `: ${said}` : ''}` };
  if (r.exitCode === 2) return { ok: false, detail: `checker: presentation error${said ? `: ${said}` : ''}` };
  const how = r.cpuExceeded || r.wallExceeded ? 'timed out' : r.signal ? `died of ${r.signal}` : `exit ${r.exitCode}`;
  return { ok: false, detail: `checker failed (${how})${said ? `: ${said}` : ''}` };
}
