// Statements for problems that arrive without one (Competitive Companion sends samples and
// limits only): download the judge's page, keep the statement as markdown in the problem file.
import { parse } from 'node-html-parser';
import { judgeOf, type Fragments, type JudgeSite } from './judges.js';
import { toMarkdown } from './markdown.js';
import { withStatementText } from './place.js';

export { JUDGES, judgeOf } from './judges.js';

/** A statement as markdown: the same parts a judge's page gives, converted, and whose page it was. */
export interface Statement extends Fragments {
  judge: string;
}

/** Why no statement came: the tutor asks the person to paste it instead. */
export type StatementFailure =
  | { kind: 'no-url'; message: string }
  | { kind: 'unknown-judge'; message: string }
  | { kind: 'offline'; message: string }
  | { kind: 'http'; message: string }
  | { kind: 'not-found'; message: string };

export type StatementResult = { ok: true; statement: Statement } | { ok: false; failure: StatementFailure };

export interface FetchOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Read the page as this judge's, whatever its host (a mirror; the tests' loopback server). */
  judge?: JudgeSite;
}

const PAGE_MAX_BYTES = 8 << 20;
const TIMEOUT_MS = 15_000;

/** The statement in a judge's page, as markdown; null when the page does not hold one where the judge keeps it. */
export function statementFromHtml(judge: JudgeSite, html: string): Statement | null {
  const f: Fragments | null = judge.extract(parse(html, { comment: false }));
  if (!f) return null;
  const md = (s: string | undefined) => (s === undefined ? undefined : toMarkdown(s, judge.math) || undefined);
  const legend = md(f.legend) ?? '';
  if (!legend && !f.input && !f.output) return null;
  const parts = { title: f.title, constraints: md(f.constraints), input: md(f.input), output: md(f.output), notes: md(f.notes) };
  return { judge: judge.id, legend, ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) };
}

/** A page over HTTP(S), bounded in size and time; a one-line failure otherwise. */
export async function downloadPage(url: string, o: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<{ ok: true; html: string } | { ok: false; failure: StatementFailure }> {
  const timeout = AbortSignal.timeout(o.timeoutMs ?? TIMEOUT_MS);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow', headers: { 'user-agent': 'simcoach (problem statement for a local tutor)', accept: 'text/html' } });
  } catch (err) {
    const why = timeout.aborted ? 'no answer in time' : err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return { ok: false, failure: { kind: 'offline', message: `could not download ${url}: ${why}` } };
  }
  if (!res.ok) return { ok: false, failure: { kind: 'http', message: `${url} answered ${res.status} ${res.statusText}`.trim() } };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = res.body?.getReader();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      size += next.value.length;
      if (size > PAGE_MAX_BYTES) {
        await reader?.cancel();
        return { ok: false, failure: { kind: 'http', message: `${url}: the page is over ${PAGE_MAX_BYTES >> 20} MB` } };
      }
      chunks.push(next.value);
    }
  } catch (err) {
    return { ok: false, failure: { kind: 'offline', message: `could not download ${url}: ${err instanceof Error ? err.message : String(err)}` } };
  }
  return { ok: true, html: Buffer.concat(chunks).toString('utf8') };
}

/** Downloads a problem's page and reads its statement. */
export async function fetchStatement(url: string | undefined, o: FetchOptions = {}): Promise<StatementResult> {
  if (!url) return { ok: false, failure: { kind: 'no-url', message: 'the problem has no url to download its statement from' } };
  const judge = o.judge ?? judgeOf(url);
  if (!judge) {
    let host = url;
    try {
      host = new URL(url).hostname;
    } catch {
      /* not a URL: say it as it is */
    }
    return { ok: false, failure: { kind: 'unknown-judge', message: `simcoach cannot read statements from ${host} (it knows Codeforces, AtCoder, CSES, CodeChef and Kattis)` } };
  }
  const page = await downloadPage(url, o);
  if (!page.ok) return page;
  const statement = statementFromHtml(judge, page.html);
  if (!statement) return { ok: false, failure: { kind: 'not-found', message: `${url}: no statement where ${judge.name} keeps it (the page may need a browser to render)` } };
  return { ok: true, statement };
}

export { needsStatement, statementHint, withStatementText } from './place.js';

/** The statement as markdown sections under the problem's title (the loader reads `## Input` and `## Output`). */
export function statementMarkdown(s: Statement): string {
  const part = (head: string, body: string | undefined) => (body ? [`## ${head}`, body] : []);
  return [s.legend, ...part('Constraints', s.constraints), ...part('Input', s.input), ...part('Output', s.output), ...part('Note', s.notes)]
    .filter((x) => x !== '')
    .join('\n\n');
}

/** A problem file's text with a downloaded statement put in under its title (see withStatementText). */
export function withStatement(fileText: string, s: Statement): string {
  return withStatementText(fileText, statementMarkdown(s));
}
