import { basename, extname, join } from 'node:path';
import type { LangId } from './types.js';
import { probe, which } from './probe.js';

/** What a compiled language produces: a directory holding the build output, plus how to run it. */
export interface Lang {
  id: LangId;
  name: string;
  extensions: string[];
  /** The name the source must have (Java wants its public class name). */
  sourceFile(source: string): string;
  /** Absent for interpreted languages. `out` is an empty directory the build writes into. */
  compile?: {
    tool: string;
    /** Flags that take part in the cache key. */
    flags: string[];
    args(src: string, out: string): string[];
  };
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

let pythonPath: Promise<string> | null = null;
/** The real interpreter, not a pyenv shim: a shim is a shell script that costs ~50 ms a run. */
export function pythonExecutable(): Promise<string> {
  pythonPath ??= (async () => {
    const r = await probe('python3', ['-c', 'import sys; print(sys.executable)']);
    const exe = r.stdout.trim();
    return r.ok && exe.startsWith('/') ? exe : ((await which('python3')) ?? 'python3');
  })();
  return pythonPath;
}

const javaClass = (source: string): string =>
  /\bpublic\s+(?:final\s+)?class\s+([A-Za-z_$][\w$]*)/.exec(source)?.[1] ?? 'Main';

export const LANGS: Record<LangId, Lang> = {
  python: {
    id: 'python',
    name: 'Python 3',
    extensions: ['.py'],
    sourceFile: () => 'main.py',
    run: async (dir, file) => ({ cmd: await pythonExecutable(), args: [join(dir, file)] }),
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  cpp: {
    id: 'cpp',
    name: 'C++17',
    extensions: ['.cpp', '.cc', '.cxx', '.c++'],
    sourceFile: () => 'main.cpp',
    compile: {
      tool: 'g++',
      flags: ['-std=gnu++17', '-O2', '-pipe'],
      args: (src, out) => ['-std=gnu++17', '-O2', '-pipe', '-o', join(out, 'main'), src],
    },
    run: async (dir) => ({ cmd: join(dir, 'main'), args: [] }),
    overheadMb: 0,
    addressSpaceLimit: true,
  },
  javascript: {
    id: 'javascript',
    name: 'JavaScript (Node.js)',
    extensions: ['.js', '.mjs', '.cjs'],
    sourceFile: () => 'main.js',
    run: async (dir, file, mb) => ({
      cmd: process.execPath,
      args: [`--max-old-space-size=${mb}`, '--stack-size=65500', join(dir, file)],
    }),
    overheadMb: 96,
    addressSpaceLimit: false,
  },
  java: {
    id: 'java',
    name: 'Java',
    extensions: ['.java'],
    sourceFile: (source) => `${javaClass(source)}.java`,
    compile: {
      tool: 'javac',
      flags: ['-encoding', 'UTF-8', '-J-Xmx512m'],
      args: (src, out) => ['-encoding', 'UTF-8', '-J-Xmx512m', '-d', out, src],
    },
    run: async (dir, file, mb) => ({
      cmd: (await which('java')) ?? 'java',
      args: [
        `-Xmx${mb}m`, '-Xss64m', '-XX:+UseSerialGC', '-XX:-UsePerfData',
        '-cp', dir, basename(file, '.java'),
      ],
    }),
    overheadMb: 160,
    addressSpaceLimit: false,
  },
};

const ALIASES: Record<string, LangId> = {
  python: 'python', python3: 'python', py: 'python',
  cpp: 'cpp', 'c++': 'cpp', cxx: 'cpp', cc: 'cpp', 'c++17': 'cpp', gnu17: 'cpp',
  javascript: 'javascript', js: 'javascript', node: 'javascript', nodejs: 'javascript',
  java: 'java',
};

/** A language from a name a person types (`--lang py`), or null. */
export function langFromName(name: string): LangId | null {
  return ALIASES[name.toLowerCase()] ?? null;
}

/** The language of a source file from its extension, or null. */
export function langFromPath(file: string): LangId | null {
  const ext = extname(file).toLowerCase();
  for (const lang of Object.values(LANGS)) if (lang.extensions.includes(ext)) return lang.id;
  return null;
}
