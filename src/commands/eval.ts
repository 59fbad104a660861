// `simcoach eval SET --auto`: every problem of a set solved headless with the auto gate by one or
// more flows side by side (`--flow codesim,mapcoder`), then pass@1 (the final program judged on
// the samples and hidden tests), samples passed, calls and tokens per problem and by difficulty,
// as a table with charts, `--json` or `--csv`. `--jobs N` solves N at once (the judge still shares
// the machine's cores), `--shard i/n` takes every n-th problem, `--host/--base-url A,B` spreads
// the problems over several servers. With --out FILE each result is appended the moment it is
// known and pairs already there are skipped, so an interrupted evaluation continues where it
// stopped. `eval merge FILE…` joins shards' files; `eval report FILE [--html]` shows one again.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { numberFlag, parse } from '../flags/args.js';
import { resolveSettings, type Settings } from '../settings/load.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import type { Problem } from '../problems/types.js';
import { color, colorEnabled } from '../terminal/term.js';
import { budgetFlags, startAuto, withBudgets } from './shared/headless.js';
import { callsText } from '../session/format.js';
import {
  RECORD_VERSION,
  appendLine,
  pairKey,
  readResults,
  settingsDiffer,
  settingsOf,
  type EvalHeader,
  type EvalRecord,
  type EvalSettings,
  type ResultsFile,
} from '../eval/records.js';
import { buildReport, reportCsv, reportTable, type EvalReport } from '../eval/report.js';

const FATAL = new Set(['server-down', 'model-missing', 'unauthorized']);

const list = (v: string | undefined): string[] | undefined =>
  v === undefined
    ? undefined
    : v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

/** `--shard i/n`: 1 ≤ i ≤ n, as vitest and Playwright number their shards. */
function shardOf(v: string | undefined): { i: number; n: number } | undefined {
  if (v === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const i = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || i < 1 || i > n) throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n (e.g. 1/4), not '${v}'`);
  return { i, n };
}

/** The settings that make two runs comparable: the flows, the server's model, and the budgets of those flows. */
function evalSettings(s: Settings, flows: string[]): EvalSettings {
  const b = s.budgets as unknown as Record<string, unknown>;
  const budgets: Record<string, unknown> = { maxCalls: b.maxCalls ?? null, maxTokens: b.maxTokens ?? null };
  for (const f of flows) budgets[f] = b[f] ?? null;
  return { flows, backend: s.backend, model: s.model, lang: s.lang, answers: s.answers, budgets };
}

/** Each server named by a comma list of --host (Ollama) or --base-url (OpenAI-compatible), as settings. */
function endpoints(
  values: { host?: string; 'base-url'?: string },
  base: (host: string | undefined, url: string | undefined) => Settings,
): Settings[] {
  const hosts = list(values.host);
  const urls = list(values['base-url']);
  if (hosts && hosts.length > 1 && urls && urls.length > 1)
    throw new UsageError('list several servers in --host or in --base-url, not both');
  if (urls && urls.length > 1) return urls.map((u) => base(hosts?.[0], u));
  if (hosts && hosts.length > 1) return hosts.map((h) => base(h, urls?.[0]));
  return [base(hosts?.[0], urls?.[0])];
}

const kindOf = (p: Problem): EvalRecord['kind'] => (p.kind.type === 'function' ? 'function' : 'stdin');

export async function run(argv: string[]): Promise<number> {
  if (argv[0] === 'merge') return runMerge(argv.slice(1));
  if (argv[0] === 'report') return runReport(argv.slice(1));
  return runEval(argv);
}

function print(rep: EvalReport, values: { json?: boolean; csv?: boolean }): void {
  if (values.json && values.csv) throw new UsageError('choose one of --json and --csv');
  const out = process.stdout;
  if (values.json) out.write(JSON.stringify(rep) + '\n');
  else if (values.csv) out.write(reportCsv(rep));
  else
    out.write(
      reportTable(rep, {
        dim: (t) => color.dim(t, out),
        green: (t) => color.green(t, out),
        red: (t) => color.red(t, out),
        bold: (t) => color.bold(t, out),
      }) +
        '\n\n' +
        terminalChartsOf(rep) +
        '\n',
    );
}

let chartsModule: typeof import('../eval/charts.js') | undefined;
function terminalChartsOf(rep: EvalReport): string {
  const cols = process.stdout.columns || Number(process.env.COLUMNS) || 80;
  return chartsModule!.terminalCharts(rep, { columns: cols, color: colorEnabled(process.stdout) });
}
async function loadCharts(): Promise<void> {
  chartsModule ??= await import('../eval/charts.js');
}

async function runEval(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'eval', { budgetFlags });
  if (positionals.length !== 1)
    throw new UsageError(
      'eval takes one problem set: a directory, a .jsonl file or a statement (or `eval merge FILE…`, `eval report FILE`)',
    );
  if (!values.auto) throw new UsageError('eval runs the method headless; add --auto');
  if (values.json && values.csv) throw new UsageError('choose one of --json and --csv');
  const limit = numberFlag(values.limit, 'limit');
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
    throw new UsageError('--limit takes a whole number of at least 1');
  const jobs = numberFlag(values.jobs, 'jobs') ?? 1;
  if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 256))
    throw new UsageError(`--jobs takes a whole number from 1 to 256, not '${values.jobs}'`);
  const shard = shardOf(values.shard);
  const flows = list(values.flow) ?? [];
  if (values.flow !== undefined && flows.length === 0)
    throw new UsageError('--flow takes one flow or a comma list (codesim,mapcoder)');
  if (new Set(flows).size !== flows.length) throw new UsageError(`--flow names a flow twice: ${values.flow}`);
  const base = (host: string | undefined, url: string | undefined): Settings =>
    withBudgets(
      resolveSettings({
        backend: values.backend,
        model: values.model,
        lang: values.lang,
        answers: values.answers,
        flow: flows[0],
        host,
        'base-url': url,
      }),
      values,
    );
  const servers = endpoints(values, base);
  const settings = servers[0]!;
  // Each flow is checked by name, as a single --flow is.
  for (const f of flows.slice(1)) resolveSettings({ flow: f });
  const runFlows = flows.length ? flows : [settings.flow];
  const wanted = evalSettings(settings, runFlows);

  const { loadProblemSet } = await import('../problems/index.js');
  let problems: Problem[] = (
    await loadProblemSet(positionals[0]!, {
      onSkip: (e) => process.stderr.write(`${color.yellow('skipped:', process.stderr)} ${e.message}\n`),
    })
  ).filter((p) => !p.interactive || p.interactor !== undefined);
  if (limit !== undefined) problems = problems.slice(0, limit);
  if (problems.length === 0) throw new UserError(`${positionals[0]} holds no problem the judge can run`);
  const setSize = problems.length;
  const indexed = problems.map((p, index) => ({ p, index }));
  const mine = shard ? indexed.filter((x) => x.index % shard.n === shard.i - 1) : indexed;
  // An array job's last tasks may get no problem (4 problems, --shard 6/8): it still leaves its
  // results file, empty but with its header, so `eval merge` of every task's file just works.
  if (mine.length === 0)
    process.stderr.write(
      `${color.yellow('note:', process.stderr)} shard ${values.shard} of ${setSize} problems has none to run${values.out ? `; ${values.out} holds only its header` : ''}\n`,
    );

  const header: EvalHeader = {
    type: 'eval',
    version: RECORD_VERSION,
    set: positionals[0]!,
    setSize,
    ...(shard ? { shard: `${shard.i}/${shard.n}` } : {}),
    ...wanted,
  };
  const previous: ResultsFile = values.out ? readResults(values.out, settings.flow) : { records: [] };
  if (values.out && previous.header) {
    const differ = settingsDiffer(settingsOf(previous.header), wanted);
    if (differ)
      throw new UserError(
        `${values.out} holds an eval with other settings (${differ}); use another --out, or the same settings to continue it`,
      );
    if ((previous.header.shard ?? '') !== (header.shard ?? ''))
      throw new UserError(
        `${values.out} holds shard ${previous.header.shard ?? '(all)'}, not ${header.shard ?? '(all)'}; use another --out`,
      );
  }
  if (values.out && !previous.header) appendLine(values.out, header);

  const inSet = new Set(mine.map((x) => x.p.id));
  const results: EvalRecord[] = previous.records.filter((r) => inSet.has(r.id) && runFlows.includes(r.flow));
  const done = new Set(results.map((r) => pairKey(r.flow, r.id)));
  const tasks = mine.flatMap(({ p, index }) =>
    runFlows.filter((f) => !done.has(pairKey(f, p.id))).map((flow) => ({ p, index, flow })),
  );
  const err = process.stderr;
  const total = mine.length * runFlows.length;
  if (results.length)
    err.write(
      `${results.length} problem${results.length === 1 ? '' : 's'} already in ${values.out}; ${tasks.length} to go\n`,
    );

  const { EvalProgress } = await import('../eval/progress.js');
  const many = runFlows.length > 1;
  const progress = new EvalProgress({
    stream: err,
    total,
    done: results.length,
    passed: results.filter((r) => r.passed).length,
    showFlow: many,
    line: (r) =>
      `${r.passed ? color.green('pass', err) : color.red('fail', err)} ${many ? `${r.flow} ` : ''}${r.id} · ${callsText(r.calls + r.repairs, r.repairs)} · ${r.seconds}s`,
  });
  const { default: pLimit } = await import('p-limit');
  const slots = pLimit(jobs);
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let fatal: unknown;
  let started = 0;
  try {
    await Promise.all(
      tasks.map((t) =>
        slots(async () => {
          if (controller.signal.aborted) return;
          // Round robin by start order: each server gets every k-th problem, so a server's prompt
          // cache keeps the whole of a session (its stages share a prefix).
          const server = servers[started++ % servers.length]!;
          const label = many ? `${t.flow}:${t.p.id}` : t.p.id;
          progress.started(label);
          const t0 = Date.now();
          let session = '';
          const r = await startAuto(
            { kind: 'new', problem: t.p },
            { ...server, flow: t.flow as Settings['flow'] },
            { signal: controller.signal, onFile: (f) => (session = f) },
          );
          if (controller.signal.aborted) return progress.finished(label, undefined);
          // A server that is gone, lacks the model or refuses the key fails every problem alike: stop
          // and say so. A dropped or stalled answer fails this problem only.
          if (r.status === 'failed' && FATAL.has(r.code ?? '')) {
            if (!fatal) {
              const { asUserError } = await import('../llm/guidance.js');
              const { LlmError } = await import('../llm/errors.js');
              fatal = asUserError(
                new LlmError(
                  r.code as ConstructorParameters<typeof LlmError>[0],
                  `${t.p.id}: ${r.reason ?? 'the model server failed'}`,
                  { hint: 'Run `simcoach doctor` to check the server; rerun with the same --out to continue.' },
                ),
              );
            }
            controller.abort();
            return progress.finished(label, undefined);
          }
          const rec: EvalRecord = {
            type: 'result',
            flow: t.flow,
            index: t.index,
            id: t.p.id,
            ...(t.p.difficulty ? { difficulty: t.p.difficulty } : {}),
            kind: kindOf(t.p),
            passed: r.final !== undefined && r.final.verdict === 'AC',
            samplesPassed: r.samples !== undefined && r.samples.total > 0 && r.samples.passed === r.samples.total,
            status: r.status,
            calls: r.calls - r.repairs,
            repairs: r.repairs,
            promptTokens: r.promptTokens,
            promptTokensEvaluated: r.promptTokensEvaluated,
            completionTokens: r.completionTokens,
            seconds: Math.round((Date.now() - t0) / 100) / 10,
            ...(session ? { session } : {}),
          };
          results.push(rec);
          if (values.out) appendLine(values.out, rec);
          progress.finished(label, rec);
        }),
      ),
    );
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
  }
  if (fatal) throw fatal;
  if (!values.json && !values.csv) await loadCharts();
  const rep = buildReport(header, results);
  print(rep, values);
  if (controller.signal.aborted) {
    err.write(
      `interrupted after ${results.length} of ${total}${values.out ? `; rerun with --out ${values.out} to continue` : ''}\n`,
    );
    return EXIT.interrupted;
  }
  return EXIT.ok;
}

function readWithHeader(file: string): ResultsFile & { header: EvalHeader } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new UserError(`${file}: no such results file`);
  const f = readResults(file);
  if (f.damaged)
    process.stderr.write(
      `${color.yellow('warning:', process.stderr)} ${file}: ${f.damaged} result line${f.damaged === 1 ? '' : 's'} left out (a field is not what an eval writes)\n`,
    );
  if (f.header) return { ...f, header: f.header };
  // A file from before headers: one flow, settings unknown.
  const flows = [...new Set(f.records.map((r) => r.flow))];
  return {
    ...f,
    header: {
      type: 'eval',
      version: 0,
      set: file,
      setSize: f.records.length,
      flows,
      backend: '?',
      model: '?',
      lang: '?',
      answers: '?',
      budgets: {},
    },
  };
}

async function runMerge(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'eval merge');
  if (positionals.length < 1)
    throw new UsageError('eval merge takes the results files of the shards: eval merge A.jsonl B.jsonl … [--out FILE]');
  const files = positionals.map((f) => ({ file: f, ...readWithHeader(f) }));
  const first = files[0]!;
  for (const f of files.slice(1)) {
    const differ = settingsDiffer(settingsOf(first.header), settingsOf(f.header));
    if (differ)
      throw new UserError(`cannot merge ${f.file} with ${first.file}: they ran with other settings (${differ})`);
  }
  const seen = new Set<string>();
  const records: EvalRecord[] = [];
  let dupes = 0;
  for (const f of files) {
    for (const r of f.records) {
      const k = pairKey(r.flow, r.id);
      if (seen.has(k)) {
        dupes++;
        continue;
      }
      seen.add(k);
      records.push(r);
    }
  }
  if (dupes)
    process.stderr.write(
      `${color.yellow('note:', process.stderr)} ${dupes} result${dupes === 1 ? '' : 's'} appeared in more than one file; the first was kept\n`,
    );
  const setSize = Math.max(...files.map((f) => f.header.setSize));
  const { shard: _shard, ...rest } = first.header;
  // Shards of one set name it once; files of different sets are all named in the report.
  const sets = [...new Set(files.flatMap((f) => f.header.sets ?? [f.header.set]))];
  const header: EvalHeader = { ...rest, setSize, ...(sets.length > 1 ? { sets } : {}) };
  const missing = setSize * header.flows.length - records.length;
  if (missing > 0)
    process.stderr.write(
      `${color.yellow('note:', process.stderr)} ${missing} of ${setSize * header.flows.length} (flow, problem) pairs have no result yet (a shard missing or unfinished)\n`,
    );
  if (values.out) {
    if (existsSync(values.out)) throw new UserError(`${values.out} exists; merge into a new file`);
    writeFileSync(values.out, [header, ...records].map((x) => JSON.stringify(x)).join('\n') + '\n');
  }
  if (!values.json && !values.csv) await loadCharts();
  print(buildReport(header, records), values);
  return EXIT.ok;
}

async function runReport(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'eval report');
  if (positionals.length !== 1)
    throw new UsageError('eval report takes one results file: eval report FILE [--html [-o PAGE.html]] [--json|--csv]');
  const f = readWithHeader(positionals[0]!);
  const rep = buildReport(f.header, f.records);
  if (values.html) {
    const { reportHtml } = await import('../eval/html.js');
    const target = values.output ?? positionals[0]!.replace(/\.(jsonl|ndjson|json)$/i, '') + '.html';
    writeFileSync(target, reportHtml(rep));
    process.stderr.write(`wrote ${target}\n`);
    return EXIT.ok;
  }
  if (!values.json && !values.csv) await loadCharts();
  print(rep, values);
  return EXIT.ok;
}
