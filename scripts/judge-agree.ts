// npm run judge:agree — every labelled APPS-150 program through our judge with the settings of
// the judge that labelled it; agreement per problem style, and each disagreement with its reason.
import { join } from 'node:path';
import {
  agreementFigures,
  problemsById,
  readLabelled,
  runAgreement,
  type AgreementRow,
} from '../src/runners/judge/agree.js';
import { describeIsolation } from '../src/runners/sandbox/capabilities.js';

const DATA = process.env.SIMCOACH_APPS150 ?? join(process.cwd(), '..', 'shared', 'datasets', 'apps150');

function line(row: AgreementRow): string {
  const p = row.program;
  return `  #${p.index + 1} problem ${p.problemId} ${p.model}/${p.method}: ${row.reason}`;
}

async function main(): Promise<number> {
  const only = process.argv.includes('--stdin') ? 'stdin' : null;
  const problems = await problemsById(join(DATA, 'problems.jsonl'));
  let programs = await readLabelled(join(DATA, 'labelled-solutions.jsonl'));
  if (only) programs = programs.filter((p) => problems.get(p.problemId)?.kind.type !== 'function');
  process.stdout.write(
    `${await describeIsolation()}\n${programs.length} programs, Python, 2 s CPU / 6 s wall, 1 GiB, float eps 1e-12\n`,
  );
  const t0 = performance.now();
  const rows = await runAgreement(programs, problems, {
    onRow: (_r, done) => {
      if (done % 50 === 0)
        process.stderr.write(`  ${done}/${programs.length} (${Math.round((performance.now() - t0) / 1000)} s)\n`);
    },
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  for (const style of ['stdin', 'function'] as const) {
    const f = agreementFigures(rows, style);
    if (!f.total) continue;
    const note = style === 'function' ? ' (their labels are not a reference here; report only)' : ' (goal ≥ 99%)';
    process.stdout.write(`\n${style}-style: ${f.agree}/${f.total} agree = ${f.pct.toFixed(1)}%${note}\n`);
    const dis = rows.filter((r) => r.style === style && !r.agrees);
    const oursOnly = dis.filter((r) => r.verdict === 'AC').length;
    if (dis.length)
      process.stdout.write(
        `  disagreements: ${dis.length} (${oursOnly} we accept and they failed, ${dis.length - oursOnly} the other way)\n`,
      );
    for (const r of dis) process.stdout.write(`${line(r)}\n`);
  }
  const verdicts = new Map<string, number>();
  for (const r of rows) verdicts.set(r.verdict, (verdicts.get(r.verdict) ?? 0) + 1);
  process.stdout.write(`\nour verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}; ${secs} s\n`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`judge:agree: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
