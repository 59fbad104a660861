// `simcoach doctor`: is everything simcoach needs here? The model server and the model, the
// toolchains, the sandbox — a ✓/✗ table with a fix under each ✗; exit 1 when something needed
// is missing.
import { parse } from '../args.js';
import { resolveSettings, settingsPath, type Settings } from '../config.js';
import { EXIT } from '../errors.js';
import { probeBackend, probeTimeoutMs, type ProbeResult } from '../llm/probe.js';
import { describeIsolation, sandboxCapabilities, sandboxLevels, type Capability } from '../runners/capabilities.js';
import { color } from '../term.js';
import { trustChecks } from './doctor-trust.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  needed: boolean;
}

function backendChecks(s: Settings, p: ProbeResult): Check[] {
  const server = s.backend === 'ollama' ? 'Ollama' : 'OpenAI-compatible server';
  const version = p.version ? ` ${p.version}` : '';
  const up: Check = p.ok
    ? { name: 'model server', ok: true, detail: `${server}${version} at ${p.where} (${p.ms} ms)`, needed: true }
    : { name: 'model server', ok: false, detail: p.error?.message ?? `no answer at ${p.where}`, needed: true, ...(p.error?.hint ? { fix: p.error.hint } : {}) };
  if (!p.ok) {
    return [up, { name: 'model', ok: false, detail: `${s.model}: unknown (no server)`, needed: true, fix: 'Start the server first.' }];
  }
  const have = p.models?.length ? `; installed: ${p.models.slice(0, 4).join(', ')}${p.models.length > 4 ? ', …' : ''}` : '; none installed';
  const model: Check = p.modelPresent
    ? { name: 'model', ok: true, detail: s.model, needed: true }
    : { name: 'model', ok: false, detail: `${s.model} is not there${have}`, needed: true, ...(p.error?.hint ? { fix: p.error.hint } : {}) };
  return [up, model];
}

const fromCapability = (c: Capability): Check => ({
  name: c.name,
  ok: c.ok,
  detail: c.detail,
  needed: c.needed,
  ...(c.fix ? { fix: c.fix } : {}),
});

export function renderChecks(checks: Check[], out: NodeJS.WriteStream = process.stdout): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const lines: string[] = [];
  for (const c of checks) {
    const mark = c.ok ? color.green('✓', out) : c.needed ? color.red('✗', out) : color.yellow('✗', out);
    const optional = !c.ok && !c.needed ? color.dim(' (optional)', out) : '';
    lines.push(`${mark} ${c.name.padEnd(width)}  ${c.detail}${optional}`);
    if (!c.ok && c.fix) lines.push(`  ${' '.repeat(width)}  ${color.dim('fix:', out)} ${c.fix}`);
  }
  return lines.join('\n');
}

/** The sandbox levels the judge knows: what each contains, whether it is accepted, the one in use. */
export function renderLevels(levels: Awaited<ReturnType<typeof sandboxLevels>>, out: NodeJS.WriteStream = process.stdout): string {
  const lines = ['sandbox levels (SIMCOACH_SANDBOX):'];
  for (const l of levels) {
    const mark = l.inUse ? color.green('▸', out) : ' ';
    lines.push(`${mark} ${l.level.padEnd(5)}  ${l.inUse ? color.green('in use', out) : color.dim(l.accepted, out)}`);
    lines.push(`         ${color.dim(l.contains, out)}`);
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
  const [caps, isolation, levels, trust] = await Promise.all([sandboxCapabilities(), describeIsolation(), sandboxLevels(), trustChecks()]);
  const checks = [...backendChecks(settings, probe), ...caps.map(fromCapability), ...trust];
  const failed = checks.filter((c) => !c.ok && c.needed);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ok: failed.length === 0, settings: settingsPath(), isolation, levels, checks }, null, 2)}\n`);
  } else {
    process.stdout.write(`${renderChecks(checks)}\n\n${renderLevels(levels)}\n\n${isolation}\nsettings: ${settingsPath()}\n`);
    const summary = failed.length === 0 ? color.green('All needed checks passed.') : color.red(`${failed.length} needed check${failed.length === 1 ? '' : 's'} failed.`);
    process.stdout.write(`${summary}\n`);
  }
  return failed.length === 0 ? EXIT.ok : EXIT.failed;
}
