// runners/languages/ — the language registry (this file), the toolchains a language needs and
// where they are (toolchains.ts), finding a command on PATH (probe.ts), and telling a language from
// its text (detectLang.ts). The bottom of runners/: every other runner folder reads it.
//
// The language registry: one record per language, the only place that lists them. The runner
// types (LangId), the settings (`lang`, `--lang`), the agents (what the prompt calls it, the
// fence tags read as it), the external editor's file name and `test`'s language from a file's
// extension all derive from it. Adding a language is one record here.
import { open } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { probe, which } from './probe.js';

export interface Lang {
  id: string;
  /** How prompts and messages name it: "Python 3". */
  name: string;
  /** Names a person may type (`--lang py`), besides the id. */
  aliases: readonly string[];
  /** Code-fence tags read as this language; the first is the one the model is asked to use. */
  fences: readonly string[];
  /** File extensions, the first the one files are written with. */
  extensions: readonly string[];
  /** How a line comment starts. */
  comment: string;
  /** What a fence-less answer in this language looks like (the answer is then taken as the program). */
  looksLikeCode: RegExp;
  /** The name the source must have (Java wants its public class name). */
  sourceFile(source: string): string;
  /** Absent for interpreted languages. `out` is an empty directory the build writes into. */
  compile?: {
    /** The compiler when the settings name none (`compilers.<lang>`). */
    tool: string;
    /** The flags when the settings name none (`flags.<lang>`); they take part in the cache key. */
    flags: readonly string[];
    /**
     * Standards, newest first: when the flags name no `-std=`, the first the compiler accepts is
     * added (probed once per compiler), so an older g++ still gets the newest it has.
     */
    std?: readonly string[];
    /** Arguments that make the compiler check its flags and nothing else (an unknown flag fails them). */
    checkFlags?: readonly string[];
    args(src: string, out: string, flags: readonly string[]): string[];
  };
  /**
   * What must be installed: the commands (the first the one doctor shows, with `versionArgs`) and
   * the package on Debian/Ubuntu, Fedora and Arch.
   */
  toolchain: { cmds: readonly string[]; versionArgs: readonly string[]; packages: readonly [string, string, string] };
  /** The command that runs the program; `dir` is the build output (compiled) or the source's directory. */
  run(dir: string, file: string, memoryMb: number): Promise<{ cmd: string; args: string[] }>;
  /**
   * Room above the memory limit for the runtime itself: the JVM and V8 get the limit through
   * their own heap flags and need extra for code, threads and metaspace; an address-space
   * limit would break them (they reserve gigabytes they never touch), so they never get one.
   */
  overheadMb: number;
  addressSpaceLimit: boolean;
}

const pythonPaths = new Map<string, Promise<string>>();
/** The real interpreter, not a pyenv shim: a shim is a shell script that costs ~50 ms a run. Found once per PATH. */
export function pythonExecutable(): Promise<string> {
  const path = process.env.PATH ?? '';
  let found = pythonPaths.get(path);
  if (!found) {
    found = findPython();
    pythonPaths.set(path, found);
  }
  return found;
}

async function findPython(): Promise<string> {
  const found = await which('python3');
  // An interpreter binary on PATH (a link to one included: a venv's, a folder of links) is what
  // sys.executable names, unresolved; asking Python costs a start of its own in every CLI run.
  if (found && (await isElf(found))) return found;
  // A pyenv shim takes seconds to answer on a loaded machine, and falling back to the shim breaks
  // every Python run in the sandbox (pyenv's own files are not mounted there): wait for it.
  const r = await probe('python3', ['-c', 'import sys; print(sys.executable)'], 60_000);
  const exe = r.stdout.trim();
  return r.ok && exe.startsWith('/') ? exe : (found ?? 'python3');
}

/** Whether a file (through its links) starts as an ELF binary does; a script (a shim) does not. */
async function isElf(file: string): Promise<boolean> {
  try {
    const h = await open(file, 'r');
    try {
      const head = Buffer.alloc(4);
      const { bytesRead } = await h.read(head, 0, 4, 0);
      return bytesRead === 4 && head.equals(ELF_MAGIC);
    } finally {
      await h.close();
    }
  } catch {
    return false;
  }
}
const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

// javac is a short Java program: its JVM's first JIT tier alone and one GC thread compile the same
// classes for a third less CPU (a + b, 3 runs each, Dec 2026: user+sys 1.20 s -> 0.81 s, wall
// 0.77 s -> 0.65 s). The program's own JVM keeps every tier: it is what is being timed.
const JAVAC_FLAGS = ['-encoding', 'UTF-8', '-J-Xmx512m', '-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];

// kotlinc runs on a JVM as javac does (the same first JIT tier and one GC thread), and Debian's
// 1.3.31 script adds -noverify, which JDK 13+ warns about on every compile: the warning is not the
// person's, so it is not printed.
const KOTLINC_FLAGS = ['-J-Xmx512m', '-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-J-XX:-PrintWarnings'];

const javaClass = (source: string): string =>
  /\bpublic\s+(?:final\s+)?class\s+([A-Za-z_$][\w$]*)/.exec(source)?.[1] ?? 'Main';

/** C and C++: the flags checked on an empty file, which only the driver's option parsing reads. */
const gccCheck = (x: string): string[] => ['-fsyntax-only', '-x', x, '/dev/null'];

const registry = {
  python: {
    id: 'python',
    name: 'Python 3',
    aliases: ['python3', 'py'],
    fences: ['python', 'python3', 'py', 'py3'],
    extensions: ['.py'],
    comment: '#',
    looksLikeCode: /^\s*(def |import |from \S+ import |for |while |if __name__|print\(|\w+\s*=\s*.*input\()/m,
    sourceFile: () => 'main.py',
    run: async (dir, file) => ({ cmd: await pythonExecutable(), args: [join(dir, file)] }),
    toolchain: { cmds: ['python3'], versionArgs: ['--version'], packages: ['python3', 'python3', 'python'] },
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  cpp: {
    id: 'cpp',
    name: 'C++',
    aliases: ['c++', 'cxx', 'cc', 'c++17', 'c++20', 'gnu17', 'gnu20'],
    fences: ['cpp', 'c++', 'cc', 'cxx', 'c', 'hpp'],
    extensions: ['.cpp', '.cc', '.cxx', '.c++'],
    comment: '//',
    looksLikeCode: /^\s*(#include|int main|using namespace)/m,
    sourceFile: () => 'main.cpp',
    compile: {
      tool: 'g++',
      flags: ['-O2', '-pipe'],
      // Codeforces' default is C++20; g++ before 10 has only C++17.
      std: ['-std=gnu++20', '-std=gnu++17'],
      checkFlags: gccCheck('c++'),
      args: (src, out, flags) => [...flags, '-o', join(out, 'main'), src],
    },
    run: async (dir) => ({ cmd: join(dir, 'main'), args: [] }),
    toolchain: { cmds: ['g++'], versionArgs: ['--version'], packages: ['g++', 'gcc-c++', 'gcc'] },
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  javascript: {
    id: 'javascript',
    name: 'JavaScript (Node.js)',
    aliases: ['js', 'node', 'nodejs'],
    fences: ['javascript', 'js', 'node', 'nodejs', 'mjs'],
    extensions: ['.js', '.mjs', '.cjs'],
    comment: '//',
    looksLikeCode: /(require\(|process\.stdin|console\.log\(|readFileSync\()/,
    sourceFile: () => 'main.js',
    run: async (dir, file, mb) => ({
      cmd: process.execPath,
      args: [`--max-old-space-size=${mb}`, '--stack-size=65500', join(dir, file)],
    }),
    toolchain: { cmds: [process.execPath], versionArgs: ['--version'], packages: ['nodejs', 'nodejs', 'nodejs'] },
    overheadMb: 96,
    addressSpaceLimit: false,
  },
  java: {
    id: 'java',
    name: 'Java 17',
    aliases: [],
    fences: ['java'],
    extensions: ['.java'],
    comment: '//',
    looksLikeCode: /^\s*(import java\.|public class |class \w+)/m,
    sourceFile: (source) => `${javaClass(source)}.java`,
    compile: {
      tool: 'javac',
      flags: JAVAC_FLAGS,
      checkFlags: ['-version'],
      args: (src, out, flags) => [...flags, '-d', out, src],
    },
    run: async (dir, file, mb) => ({
      cmd: (await which('java')) ?? 'java',
      args: [`-Xmx${mb}m`, '-Xss64m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-cp', dir, basename(file, '.java')],
    }),
    toolchain: {
      cmds: ['javac', 'java'],
      versionArgs: ['-version'],
      packages: ['default-jdk-headless', 'java-latest-openjdk-devel', 'jdk-openjdk'],
    },
    overheadMb: 160,
    addressSpaceLimit: false,
  },
  c: {
    id: 'c',
    name: 'C',
    aliases: ['gcc', 'c11', 'c17'],
    fences: ['c', 'h'],
    extensions: ['.c'],
    comment: '//',
    looksLikeCode: /^\s*(#include|int main)/m,
    sourceFile: () => 'main.c',
    compile: {
      tool: 'gcc',
      flags: ['-O2', '-pipe'],
      std: ['-std=gnu17', '-std=gnu11'],
      checkFlags: gccCheck('c'),
      // libm last, after the objects that use it: judges link it for every C program.
      args: (src, out, flags) => [...flags, '-o', join(out, 'main'), src, '-lm'],
    },
    run: async (dir) => ({ cmd: join(dir, 'main'), args: [] }),
    toolchain: { cmds: ['gcc'], versionArgs: ['--version'], packages: ['gcc', 'gcc', 'gcc'] },
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  pypy: {
    id: 'pypy',
    name: 'PyPy 3',
    aliases: ['pypy3'],
    fences: ['python', 'python3', 'py', 'py3', 'pypy'],
    extensions: ['.py'],
    comment: '#',
    looksLikeCode: /^\s*(def |import |from \S+ import |for |while |if __name__|print\(|\w+\s*=\s*.*input\()/m,
    sourceFile: () => 'main.py',
    run: async (dir, file) => ({ cmd: (await which('pypy3')) ?? 'pypy3', args: [join(dir, file)] }),
    toolchain: { cmds: ['pypy3'], versionArgs: ['--version'], packages: ['pypy3', 'pypy3', 'pypy3'] },
    // Its JIT's code and the GC's nursery come before the program's first object.
    overheadMb: 64,
    addressSpaceLimit: true,
  },
  rust: {
    id: 'rust',
    name: 'Rust',
    aliases: ['rs', 'rustc'],
    fences: ['rust', 'rs'],
    extensions: ['.rs'],
    comment: '//',
    looksLikeCode: /^\s*(fn main|use std::)/m,
    sourceFile: () => 'main.rs',
    compile: {
      tool: 'rustc',
      flags: ['-O', '--edition=2021'],
      checkFlags: ['--print', 'cfg'],
      args: (src, out, flags) => [...flags, '-o', join(out, 'main'), src],
    },
    run: async (dir) => ({ cmd: join(dir, 'main'), args: [] }),
    toolchain: { cmds: ['rustc'], versionArgs: ['--version'], packages: ['rustc', 'rust', 'rust'] },
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  go: {
    id: 'go',
    name: 'Go',
    aliases: ['golang'],
    fences: ['go', 'golang'],
    extensions: ['.go'],
    comment: '//',
    looksLikeCode: /^\s*(package main|func main)/m,
    sourceFile: () => 'main.go',
    compile: {
      tool: 'go',
      flags: [],
      args: (src, out, flags) => ['build', ...flags, '-o', join(out, 'main'), src],
    },
    run: async (dir) => ({ cmd: join(dir, 'main'), args: [] }),
    toolchain: { cmds: ['go'], versionArgs: ['version'], packages: ['golang-go', 'golang', 'go'] },
    // Its runtime maps its heap's arenas and each thread's stack before main runs.
    overheadMb: 32,
    addressSpaceLimit: true,
  },
  kotlin: {
    id: 'kotlin',
    name: 'Kotlin',
    aliases: ['kt', 'kotlinc'],
    fences: ['kotlin', 'kt'],
    extensions: ['.kt'],
    comment: '//',
    looksLikeCode: /^\s*(fun main|import kotlin\.|import java\.)/m,
    sourceFile: () => 'main.kt',
    compile: {
      tool: 'kotlinc',
      flags: KOTLINC_FLAGS,
      checkFlags: ['-version'],
      // The runtime goes into the jar, so the program's JVM needs no Kotlin install on its class path.
      args: (src, out, flags) => [...flags, '-include-runtime', '-d', join(out, 'main.jar'), src],
    },
    run: async (dir, _file, mb) => ({
      cmd: (await which('java')) ?? 'java',
      args: [`-Xmx${mb}m`, '-Xss64m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-jar', join(dir, 'main.jar')],
    }),
    // kotlinc is a shell script that starts a JVM: its first line is that JVM's warning without the
    // flag. Its version on the compiles' JIT tier and GC: the same line for 1.9 s of CPU against 3.4
    // (median of 3 in turn, load 10); every `doctor` and each process that judges Kotlin asks it.
    toolchain: {
      cmds: ['kotlinc', 'java'],
      versionArgs: ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-J-XX:-PrintWarnings', '-version'],
      packages: ['kotlin', 'kotlin', 'kotlin'],
    },
    overheadMb: 160,
    addressSpaceLimit: false,
  },
} satisfies Record<string, Lang>;

export type LangId = keyof typeof registry;

export const LANGS: Readonly<Record<LangId, Lang>> = registry;

/** Every language id, the first the default. */
export const langIds = Object.keys(LANGS) as [LangId, ...LangId[]];

/** The languages that are compiled: those `compilers.<lang>` and `flags.<lang>` apply to. */
export const compiledLangIds = langIds.filter((id) => LANGS[id].compile !== undefined) as [LangId, ...LangId[]];

export const isLangId = (name: string): name is LangId => Object.hasOwn(LANGS, name);

/** A language from a name a person types (`--lang py`), or null. */
export function langFromName(name: string): LangId | null {
  const n = name.toLowerCase();
  return langIds.find((id) => id === n || LANGS[id].aliases.includes(n)) ?? null;
}

/** How prompts name a language. */
export const langName = (id: LangId): string => LANGS[id].name;

/** The fence tag the model is asked to put on its code. */
export const fenceTag = (id: LangId): string => LANGS[id].fences[0] ?? id;

/** The extension a file of this language is written with. */
export const extensionOf = (id: LangId): string => LANGS[id].extensions[0] ?? '.txt';

/** The language of a source file from its extension, or null. */
export function langFromPath(file: string): LangId | null {
  const ext = extname(file).toLowerCase();
  return langIds.find((id) => LANGS[id].extensions.includes(ext)) ?? null;
}
