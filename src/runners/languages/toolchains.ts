// Which compiler and flags build each language: the registry's defaults, the settings
// (`compilers.<lang>`, `flags.<lang>`) over them, one run's `--flags` / `--std` over those. The
// commands say once what was chosen; every build of the run asks here. A compiler's standard is
// probed once per compiler; a person's own flags are checked once, on an empty file, so a typo is
// one line before anything is judged instead of a compile error on every program.
import { access, constants, realpath } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import { LANGS, compiledLangIds, type LangId } from './langs.js';
import { probe, whichAll, type ProbeResult } from './probe.js';

export interface ToolchainChoice {
  /** A command on PATH or an absolute path. */
  compiler?: string | undefined;
  /** The whole flag list, split at white space. */
  flags?: string | undefined;
  /** A standard for this run (`c++17`, `gnu++20`): replaces any `-std=` in the flags. */
  std?: string | undefined;
}

export type Choices = Partial<Record<LangId, ToolchainChoice>>;

let fromSettings: Choices = {};
let forThisRun: Choices = {};

/** The compilers and flags settings name (`compilers.<lang>`, `flags.<lang>`), per language. */
export function toolchainChoices(s: {
  compilers: Partial<Record<LangId, string>>;
  flags: Partial<Record<LangId, string>>;
}): Choices {
  return Object.fromEntries(compiledLangIds.map((id) => [id, { compiler: s.compilers[id], flags: s.flags[id] }]));
}

/** What the settings chose (each load of them says it again); languages not named build with the registry's defaults. */
export function chooseToolchains(choices: Choices): void {
  fromSettings = choices;
}

/** One run's `--flags` / `--std` for a language: over the settings, whenever they are read again. */
export function chooseForThisRun(lang: LangId, choice: ToolchainChoice): void {
  forThisRun = { ...forThisRun, [lang]: choice };
}

/** The compiler, flags and standard a language builds with now: this run's flags over the settings. */
export function chosenToolchain(lang: LangId): ToolchainChoice {
  const run = forThisRun[lang] ?? {};
  const set = fromSettings[lang] ?? {};
  return {
    compiler: run.compiler ?? set.compiler,
    flags: run.flags ?? set.flags,
    std: run.std ?? set.std,
  };
}

export interface Toolchain {
  /** The compiler's absolute path. */
  tool: string;
  flags: string[];
  /** The compiler's own first line of `--version`: the build cache keys on it. */
  version: string;
  /** Built with a sanitizer that maps shadow memory (ASan, TSan, MSan, LSan): see `shadowSanitizer`. */
  shadow: boolean;
}

export type ToolchainAnswer = { ok: true; toolchain: Toolchain } | { ok: false; error: string };

export const splitFlags = (text: string): string[] => text.split(/\s+/).filter((f) => f !== '');

/**
 * AddressSanitizer and its kin reserve terabytes of shadow address space at start: such a program
 * cannot run under an address-space limit, and its resident memory includes the shadow's pages.
 */
export const shadowSanitizer = (flags: readonly string[]): boolean =>
  flags.some((f) => /^-fsanitize=(.*,)?(address|thread|memory|leak|hwaddress)(,|$)/.test(f));

async function executable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * rustup's proxies choose a toolchain from ~/.rustup, which the sandbox never mounts: the
 * compiler itself, under its sysroot (a folder of its own), is what runs there. Null when the
 * proxy has no toolchain to give (no default set, or another HOME).
 */
async function throughProxy(proxy: string): Promise<string | null> {
  const r = await probe(proxy, ['--print', 'sysroot'], 30_000);
  const sysroot = r.stdout.trim();
  const direct = join(sysroot, 'bin', basename(proxy));
  return r.ok && isAbsolute(sysroot) && (await executable(direct)) ? direct : null;
}

const resolved = new Map<string, string>();

/**
 * A command's absolute path: as given when absolute, else the first on PATH that runs; a rustup
 * proxy becomes its real compiler. Asked before every build, so a path found is kept per PATH (as
 * pythonExecutable keeps Python's); a miss is not, so a toolchain installed meanwhile is found.
 */
export async function resolveCommand(cmd: string): Promise<string | null> {
  const key = `${process.env.PATH ?? ''}\0${cmd}`;
  const known = resolved.get(key);
  if (known) return known;
  const found = await resolveAnew(cmd);
  if (found) resolved.set(key, found);
  return found;
}

async function resolveAnew(cmd: string): Promise<string | null> {
  const candidates = isAbsolute(cmd) ? ((await executable(cmd)) ? [cmd] : []) : await whichAll(cmd);
  for (const found of candidates) {
    const real = await realpath(found).catch(() => found);
    if (basename(real) !== 'rustup') return found;
    const direct = await throughProxy(found);
    if (direct) return direct;
  }
  return null;
}

const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = make();
    memo.set(key, p);
  }
  return p;
}

const firstLine = (r: { stdout: string; stderr: string }): string => (r.stdout + r.stderr).split('\n')[0]?.trim() ?? '';

/**
 * How long a version may take: kotlinc starts a JVM (2 s of CPU), 8 s at load 20 on 2 cores; a
 * probe cut short would key the build cache on nothing and `doctor` would call it not found.
 */
export const VERSION_TIMEOUT_MS = 30_000;

/**
 * A command's answer to its version arguments, asked once per process: `doctor` shows it for the
 * compiler whose version the build cache keys on, and kotlinc's answer costs a JVM start (1.9 s of CPU).
 */
export const versionProbe = (tool: string, args: readonly string[]): Promise<ProbeResult> =>
  once(`version ${tool} ${JSON.stringify(args)}`, () => probe(tool, [...args], VERSION_TIMEOUT_MS));

/** The compiler's first line of its version: the build cache keys on it. */
export const toolVersion = async (tool: string, args: readonly string[]): Promise<string> =>
  firstLine(await versionProbe(tool, args));

/** The newest of `std` the compiler takes, or none (it takes none of them: its own default then). */
const bestStd = (tool: string, std: readonly string[], check: readonly string[]): Promise<string | null> =>
  once(`std ${tool} ${std.join(' ')}`, async () => {
    for (const s of std) if ((await probe(tool, [s, ...check], 30_000)).ok) return s;
    return null;
  });

/** The compiler's complaint about the flags, or null when it takes them. */
const flagComplaint = (tool: string, flags: readonly string[], check: readonly string[]): Promise<string | null> =>
  once(`flags ${tool} ${JSON.stringify(flags)}`, async () => {
    const r = await probe(tool, [...flags, ...check], 30_000);
    if (r.ok) return null;
    const said = (r.stderr + r.stdout).split('\n').find((l) => /error/i.test(l)) ?? firstLine(r);
    return said.replace(/\s+/g, ' ').trim().slice(0, 200);
  });

/** How to install a language's toolchain: the package on Debian/Ubuntu, Fedora and Arch (through sudo when not root). */
export function installLine(lang: LangId): string {
  const [deb, fedora, arch] = LANGS[lang].toolchain.packages;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `Debian/Ubuntu: ${sudo}apt install ${deb} · Fedora: ${sudo}dnf install ${fedora} · Arch: ${sudo}pacman -S ${arch}`;
}

/** The flags a build of `lang` uses: the chosen ones or the defaults, the standard set or probed. */
async function flagsFor(lang: LangId, tool: string): Promise<string[]> {
  const c = LANGS[lang].compile!;
  const choice = chosenToolchain(lang);
  const base = choice.flags !== undefined ? splitFlags(choice.flags) : [...c.flags];
  if (choice.std !== undefined) return [`-std=${choice.std}`, ...base.filter((f) => !f.startsWith('-std='))];
  if (!c.std || base.some((f) => f.startsWith('-std='))) return base;
  const std = await bestStd(tool, c.std, c.checkFlags ?? []);
  return std ? [std, ...base] : base;
}

/**
 * The compiler and flags that build `lang` now, or one line saying what is wrong and what to do:
 * the compiler is not there, or it refuses the flags the person chose.
 */
export async function toolchainOf(lang: LangId): Promise<ToolchainAnswer> {
  const l = LANGS[lang];
  const c = l.compile;
  if (!c) return { ok: false, error: `${l.name} is not compiled` };
  const choice = chosenToolchain(lang);
  const name = choice.compiler ?? c.tool;
  const tool = await resolveCommand(name);
  if (!tool) {
    return {
      ok: false,
      error:
        choice.compiler !== undefined
          ? `the compiler '${name}' for ${l.name} is not there: set compilers.${lang} to a compiler on PATH or an absolute path (\`simcoach config set compilers.${lang} ${c.tool}\`)`
          : `${name} not found: install it to run ${l.name} (${installLine(lang)}; see \`simcoach doctor\`)`,
    };
  }
  const flags = await flagsFor(lang, tool);
  const own = choice.flags !== undefined || choice.std !== undefined;
  const complaint = own && c.checkFlags ? await flagComplaint(tool, flags, c.checkFlags) : null;
  if (complaint) {
    return {
      ok: false,
      error: `${basename(name)} refused the flags '${flags.join(' ')}' (${complaint}): change --flags/--std, or \`simcoach config set flags.${lang} "…"\``,
    };
  }
  const version = await toolVersion(tool, l.toolchain.versionArgs);
  return { ok: true, toolchain: { tool, flags, version, shadow: shadowSanitizer(flags) } };
}

/** The interpreters and runtimes a language needs that are not here, as one line with how to install them; null when all are. */
export async function missingRuntime(lang: LangId): Promise<string | null> {
  const l = LANGS[lang];
  const runtimes = l.toolchain.cmds.filter((cmd) => cmd !== l.compile?.tool);
  for (const cmd of runtimes) {
    if (!(await resolveCommand(cmd)))
      return `${cmd} not found: install it to run ${l.name} (${installLine(lang)}; see \`simcoach doctor\`)`;
  }
  return null;
}
