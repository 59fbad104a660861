// runners/build/ — building: a program compiled once per source, flags and toolchain and kept in
// the build cache (build.ts), precompiled headers (pch.ts), a problem's local headers
// (localHeaders.ts), a compiler's message in the person's own file names (compileMessage.ts), a
// program's files from a person's source (programFiles.ts), and the types every runner speaks
// (types.ts: Program, Verdict, TestResult, JudgeResult). Compilers run in runners/sandbox/.
import { createHash, randomBytes } from 'node:crypto';
import { LAUNCHER_VERSION } from '../sandbox/supervisor.js';
import { chmod, lstat, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeTempDir, removeDir } from '../sandbox/tempdirs.js';
import { buildCacheDir } from '../../system/paths.js';
import { LANGS } from '../languages/langs.js';
import { missingRuntime, toolchainOf } from '../languages/toolchains.js';
import { includesStdcpp, precompiledHeader } from './pch.js';
import { localHeaders } from './localHeaders.js';
import { runSandboxed } from '../sandbox/sandbox.js';
import { printable } from '../../terminal/printable.js';
import { distrust, privateDir, refuse } from '../../system/trust.js';
import type { CompileInfo, Program } from './types.js';

/** A program ready to run: the directory its run command reads, and the source's file name. */
export interface Built {
  dir: string;
  file: string;
  compile?: CompileInfo;
  /** Removes a temporary directory (interpreted programs); cached builds stay. */
  cleanup(): Promise<void>;
  /** Built with a sanitizer that maps shadow memory: no address-space limit, memory judged loosely (see testRun). */
  shadow?: boolean;
}

export type BuildOutcome = { ok: true; built: Built } | { ok: false; compile: CompileInfo };

const COMPILE_CPU_MS = 30_000;
const COMPILE_MEMORY = 2048 * 1024 * 1024;
const MESSAGE_MAX = 4000;
/**
 * The compiler's file-size limit: what its object files and the binary need. A static array with
 * an initializer (`int dp[1000000] = {1};`, common in contest C++) puts megabytes into .data, so
 * this is far above the message's size; only the message is cut (trimMessage). It also sizes the
 * compiler's writable places: its work dir (its temporaries) and its output dir are each a tmpfs
 * of this, the sources and 16 MiB (workAreaBytes), charged to its memory limit, never the disk.
 */
const COMPILE_FILE_MAX = 256 << 20;

let compiles = 0;
/** How many times a compiler actually ran in this process (the bench checks a second run makes 0). */
export const compileCount = (): number => compiles;

/** Compiler output, trimmed to what a person (or a model) reads: the first errors, not pages. */
export function trimMessage(text: string, max = MESSAGE_MAX): string {
  const t = text.replace(/\r/g, '').trim();
  if (t.length <= max) return t;
  return `${t.slice(0, max)}\n… (${t.length - max} more characters)`;
}

/**
 * Why a cached build may not be used: it, or anything in it, is a link, someone else's, or
 * writable by group or others (root would run what another user put there as the program: a
 * forged verdict). Null when it is trusted or not there.
 */
async function buildDistrust(dir: string): Promise<string | null> {
  if (
    !(await lstat(dir).then(
      () => true,
      () => false,
    ))
  )
    return null;
  const why = distrust(dir, { finalLink: false });
  if (why) return why;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    const inner = e.isDirectory() ? await buildDistrust(path) : distrust(path, { finalLink: false });
    if (inner) return inner;
  }
  return null;
}

/** What the compiler left, made unwritable by group and others before it joins the cache. */
async function seal(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    if (e.isDirectory()) await seal(path);
    const st = await lstat(path);
    if ((st.mode & 0o022) !== 0) await chmod(path, st.mode & 0o7755);
  }
}

const exists = (p: string) =>
  lstat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/** Files by relative path (`lib/x.h`) written under `dir`, their folders made (`sub/`: a folder alone). */
async function writeTree(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(name.endsWith('/') ? join(dir, name) : dirname(join(dir, name)), { recursive: true });
    if (!name.endsWith('/')) await writeFile(join(dir, name), text);
  }
}

/**
 * Compiles once per (source, flags, compiler version); the result (or the compile error) is kept
 * under the build cache, written to a temp name and renamed so parallel judges never see half a build.
 */
export async function buildProgram(
  program: Program,
  opts: {
    /** Folders whose headers the source includes (copied, never mounted). */ includeDirs?: string[];
    signal?: AbortSignal;
  } = {},
): Promise<BuildOutcome> {
  const lang = LANGS[program.lang];
  const file = lang.sourceFile(program.source);
  const own = { ...program.files };
  delete own[file];
  if (!lang.compile) {
    const missing = await missingRuntime(program.lang);
    if (missing) return { ok: false, compile: { ok: false, message: missing, cached: false, ms: 0 } };
    const dir = await makeTempDir('src');
    await writeTree(dir, { ...own, [file]: program.source });
    return { ok: true, built: { dir, file, cleanup: () => removeDir(dir) } };
  }
  const c = lang.compile;
  const chain = await toolchainOf(program.lang);
  if (!chain.ok) return { ok: false, compile: { ok: false, message: chain.error, cached: false, ms: 0 } };
  const { tool: toolPath, flags, version, shadow } = chain.toolchain;
  const runtime = await missingRuntime(program.lang);
  if (runtime) return { ok: false, compile: { ok: false, message: runtime, cached: false, ms: 0 } };
  // The headers it includes from its folders go beside it (the compiler finds a quoted include
  // there, and -I . an angled one); the folders themselves are never shown to the compiler.
  const headers = { ...(lang.id === 'cpp' ? await localHeaders(program.source, opts.includeDirs ?? []) : {}), ...own };
  delete headers[file];
  const includes = Object.keys(headers).length > 0 ? ['-I', '.'] : [];
  const key = createHash('sha256')
    .update(
      JSON.stringify([lang.id, toolPath, version, flags, includes, file, program.source, headers, LAUNCHER_VERSION]),
    )
    .digest('hex');
  // Others must not read a person's compiled solutions: the cache is 0700 (each build in it is
  // readable, for the sandbox's uid reaches it only through its own mount).
  privateDir(buildCacheDir());
  const final = join(buildCacheDir(), key.slice(0, 32));
  const noop = async () => {};
  const distrusted = await buildDistrust(final);
  if (distrusted) {
    refuse(`not using a cached build: ${distrusted}; compiling again`);
    await removeDir(final);
  }
  if (await exists(join(final, 'ok'))) {
    return {
      ok: true,
      built: {
        dir: final,
        file,
        compile: { ok: true, message: await readFile(join(final, 'ok'), 'utf8'), cached: true, ms: 0 },
        cleanup: noop,
        shadow,
      },
    };
  }
  if (await exists(join(final, 'ce'))) {
    return {
      ok: false,
      compile: { ok: false, message: await readFile(join(final, 'ce'), 'utf8'), cached: true, ms: 0 },
    };
  }
  // The precompiled <bits/stdc++.h> when it is ready (the binary is the same: the key ignores it).
  const pch =
    program.lang === 'cpp' && includesStdcpp(program.source) ? await precompiledHeader(chain.toolchain) : null;
  const temp = `${final}.tmp-${randomBytes(6).toString('hex')}`;
  await mkdir(temp, { recursive: true });
  try {
    compiles++;
    const r = await runSandboxed({
      cmd: toolPath,
      args:
        lang.id === 'cpp'
          ? [...(pch ? ['-I', pch] : []), ...includes, ...c.args(file, temp, flags)]
          : c.args(file, temp, flags),
      ...(pch ? { readable: [pch] } : {}),
      files: { ...headers, [file]: program.source },
      writable: temp,
      stdin: '',
      cpuMs: COMPILE_CPU_MS,
      wallMs: COMPILE_CPU_MS * 2,
      memoryBytes: COMPILE_MEMORY,
      pids: 64,
      // g++ runs cc1plus, as and ld; javac's JVM only threads, but a compiler is ours, not judged.
      processes: true,
      outputBytes: COMPILE_FILE_MAX,
      // The compiler's stdout is never read: what it prints is kept only as far as the message needs.
      keepStdoutBytes: MESSAGE_MAX,
      signal: opts.signal,
    });
    if (r.aborted) throw new DOMException('The judge was aborted', 'AbortError');
    const ok = r.exitCode === 0 && !r.cpuExceeded && !r.wallExceeded;
    // A compiler echoes source lines, and a source may hold any bytes: nothing raw reaches a terminal.
    const message = printable(
      trimMessage(
        ok
          ? r.stderr
          : r.cpuExceeded || r.wallExceeded
            ? `compilation took longer than ${COMPILE_CPU_MS / 1000} s`
            : r.stderr || `${c.tool} failed (${r.signal ?? `exit ${r.exitCode}`})`,
      ),
    );
    await writeFile(join(temp, ok ? 'ok' : 'ce'), message);
    await seal(temp);
    let dir = final;
    let cleanup = noop;
    await rename(temp, final).catch(async () => {
      // Someone else finished the same build first; theirs is as good as ours, when it is trusted.
      if ((await buildDistrust(final)) === null) await removeDir(temp);
      else {
        dir = temp;
        cleanup = () => removeDir(temp);
      }
    });
    const compile: CompileInfo = { ok, message, cached: false, ms: r.wallMs };
    return ok ? { ok: true, built: { dir, file, compile, cleanup, shadow } } : { ok: false, compile };
  } catch (err) {
    // The compiler wrote here as the sandbox's uid: removed without following what it left.
    await removeDir(temp);
    throw err;
  }
}
