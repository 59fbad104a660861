// `simcoach models` lists what the server has; `simcoach models pull NAME` downloads one with a
// progress bar (bytes, %, speed) drawn on stderr; Ctrl-C cancels cleanly (exit 130).
import { parse } from '../flags/args.js';
import { resolveSettings } from '../settings/load.js';
import { EXIT, UsageError } from '../system/errors.js';
import { asUserError } from '../llm/guidance.js';
import { createBackend } from '../llm/index.js';
import type { ModelInfo } from '../llm/types.js';
import { color } from '../terminal/term.js';
import { PullMeter, formatBytes } from './shared/pullMeter.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, type Column } from '../terminal/table.js';

function table(models: ModelInfo[], current: string): string {
  const full = (n: string): string => (n.includes(':') ? n : `${n}:latest`);
  const columns: Column[] = [
    { head: ' ' },
    { head: 'NAME', id: true },
    { head: 'SIZE', align: 'right' },
    { head: 'PARAMETERS' },
    { head: 'QUANTIZATION', optional: true },
  ];
  const rows = models.map((m) => [
    full(m.name) === full(current) ? color.green('*') : ' ',
    printableLine(m.name),
    formatBytes(m.sizeBytes),
    m.parameterSize ?? '-',
    m.quantization ?? '-',
  ]);
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h), gap: 1 }).join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'models');
  const settings = resolveSettings(values);
  const [action, name, ...extra] = positionals;
  if (action === 'pull') {
    if (!name || extra.length) throw new UsageError('usage: simcoach models pull NAME');
    return pull(settings, name);
  }
  if (action !== undefined && action !== 'list')
    throw new UsageError(`models: unknown action '${action}' (list, pull NAME)`);
  const backend = await createBackend(settings);
  let models: ModelInfo[];
  try {
    models = await backend.list();
  } catch (err) {
    throw asUserError(err);
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(models, null, 2)}\n`);
    return EXIT.ok;
  }
  if (models.length === 0) {
    process.stdout.write(`No models on ${backend.where}. Get one with: simcoach models pull ${settings.model}\n`);
    return EXIT.ok;
  }
  process.stdout.write(`${table(models, settings.model)}\n`);
  return EXIT.ok;
}

async function pull(settings: Parameters<typeof createBackend>[0], name: string): Promise<number> {
  const backend = await createBackend(settings);
  const ac = new AbortController();
  const onSigint = (): void => ac.abort();
  process.once('SIGINT', onSigint);
  const meter = new PullMeter(name, process.stderr);
  try {
    await backend.pull(name, (p) => meter.update(p), ac.signal);
    meter.finish();
    process.stderr.write(`${color.green('✓', process.stderr)} pulled ${name}\n`);
    return EXIT.ok;
  } catch (err) {
    meter.finish();
    if (ac.signal.aborted) {
      process.stderr.write(`pull of ${name} cancelled; run the same command again to resume.\n`);
      return EXIT.interrupted;
    }
    throw asUserError(err);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}
