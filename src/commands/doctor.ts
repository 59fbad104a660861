// `simcoach doctor`: is everything simcoach needs here? The model server and the model, the
// toolchains, the sandbox — a ✓/✗ table with a fix under each ✗; exit 1 when something needed
// is missing.
import { parse } from '../flags/args.js';
import { resolveSettings, settingsPath, type Settings } from '../settings/load.js';
import { EXIT } from '../system/errors.js';
import { probeBackend, probeTimeoutMs, type ProbeResult } from '../llm/probe.js';
import {
  describeIsolation,
  isolation as findIsolation,
  sandboxCapabilities,
  sandboxLevels,
  type Capability,
} from '../runners/sandbox/capabilities.js';
import { color } from '../terminal/term.js';
import { trustChecks, type Check } from './shared/doctorTrust.js';
import { accountingCheck } from './shared/doctorAccounting.js';
import { scopeWhyNot } from '../runners/sandbox/userScope.js';
import { interactorChecks } from './shared/doctorProblems.js';
import wrapAnsi from 'wrap-ansi';
import { listWidth, wrapNote } from '../terminal/table.js';

// A check's shape lives with the trust checks that build it (no loop between doctor and its parts).
export type { Check } from './shared/doctorTrust.js';

function backendChecks(s: Settings, p: ProbeResult): Check[] {
  const server = s.backend === 'ollama' ? 'Ollama' : 'OpenAI-compatible server';
  const version = p.version ? ` ${p.version}` : '';
  const up: Check = p.ok
    ? { name: 'model server', ok: true, detail: `${server}${version} at ${p.where} (${p.ms} ms)`, needed: true }
    : {
        name: 'model server',
        ok: false,
        detail: p.error?.message ?? `no answer at ${p.where}`,
        needed: true,
        ...(p.error?.hint ? { fix: p.error.hint } : {}),
      };
  if (!p.ok) {
    return [
      up,
      {
        name: 'model',
        ok: false,
        detail: `${s.model}: unknown (no server)`,
        needed: true,
        fix: 'Start the server first.',
      },
    ];
  }
  const have = p.models?.length
    ? `; installed: ${p.models.slice(0, 4).join(', ')}${p.models.length > 4 ? ', …' : ''}`
    : '; none installed';
  const model: Check = p.modelPresent
    ? { name: 'model', ok: true, detail: s.model, needed: true }
    : {
        name: 'model',
        ok: false,
        detail: `${s.model} is not there${have}`,
        needed: true,
        ...(p.error?.hint ? { fix: p.error.hint } : {}),
      };
  return [up, model];
}

const fromCapability = (c: Capability): Check => ({
  name: c.name,
  ok: c.ok,
  detail: c.detail,
  needed: c.needed,
  ...(c.fix ? { fix: c.fix } : {}),
});

/** `text` wrapped at words to `width`, every line after the first indented by `indent` (a hanging indent). */
function hang(text: string, indent: number, width: number): string {
  if (!Number.isFinite(width)) return text;
  const room = Math.max(20, width - indent);
  return wrapAnsi(text, room, { hard: false, trim: true })
    .split('\n')
    .join(`\n${' '.repeat(indent)}`);
}

export function renderChecks(
  checks: Check[],
  out: NodeJS.WriteStream = process.stdout,
  width = listWidth(out),
): string {
  const nameW = Math.max(...checks.map((c) => c.name.length));
  const indent = 2 + nameW + 2;
  const lines: string[] = [];
  for (const c of checks) {
    const mark = c.ok ? color.green('✓', out) : c.needed ? color.red('✗', out) : color.yellow('✗', out);
    const optional = !c.ok && !c.needed ? color.dim(' (optional)', out) : '';
    // Long details wrap at words under the detail column, never mid-word at the terminal's edge.
    lines.push(`${mark} ${c.name.padEnd(nameW)}  ${hang(`${c.detail}${optional}`, indent, width)}`);
    if (!c.ok && c.fix) lines.push(`${' '.repeat(indent)}${hang(`${color.dim('fix:', out)} ${c.fix}`, indent, width)}`);
  }
  return lines.join('\n');
}

/** The sandbox levels the judge knows: what each contains, whether it is accepted, the one in use. */
export function renderLevels(
  levels: Awaited<ReturnType<typeof sandboxLevels>>,
  out: NodeJS.WriteStream = process.stdout,
  width = listWidth(out),
): string {
  const lines = ['sandbox levels (SIMCOACH_SANDBOX):'];
  for (const l of levels) {
    const mark = l.inUse ? color.green('▸', out) : ' ';
    lines.push(
      `${mark} ${l.level.padEnd(5)}  ${hang(l.inUse ? color.green('in use', out) : color.dim(l.accepted, out), 9, width)}`,
    );
    lines.push(`         ${hang(color.dim(l.contains, out), 9, width)}`);
  }
  if (!levels.some((l) => l.inUse)) lines.push(color.red('  none in use: the judge refuses to run programs here', out));
  return lines.join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(argv, 'doctor');
  const settings = resolveSettings(values);
  // The server first, alone: its answer time is shown, and the sandbox probes (many processes)
  // would make it look slower than it is.
  const probe = await probeBackend(settings, { timeoutMs: probeTimeoutMs(3000) });
  const [caps, isolation, levels, trust, interactors] = await Promise.all([
    sandboxCapabilities(),
    describeIsolation(),
    sandboxLevels(),
    trustChecks(),
    interactorChecks(),
  ]);
  const iso = await findIsolation();
  const checks = [
    ...backendChecks(settings, probe),
    ...caps.map(fromCapability),
    accountingCheck(iso.cgroup, [iso.cgroupWhy ?? '', scopeWhyNot() ?? '']),
    ...trust,
    ...interactors,
  ];
  const failed = checks.filter((c) => !c.ok && c.needed);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ ok: failed.length === 0, settings: settingsPath(), isolation, levels, checks }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(
      `${renderChecks(checks)}\n\n${renderLevels(levels)}\n\n${wrapNote(isolation, listWidth())}\nsettings: ${settingsPath()}\n`,
    );
    const summary =
      failed.length === 0
        ? color.green('All needed checks passed.')
        : color.red(`${failed.length} needed check${failed.length === 1 ? '' : 's'} failed.`);
    process.stdout.write(`${summary}\n`);
  }
  return failed.length === 0 ? EXIT.ok : EXIT.failed;
}
