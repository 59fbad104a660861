// Statements for problems that arrive without one (Competitive Companion sends samples and
// limits only): download the judge's page, keep the statement as markdown in the problem file.
import { parse, type HTMLElement } from 'node-html-parser';
import { JUDGES, judgeOf, type Fragments, type JudgeSite } from './judges.js';
import { mathElement, toMarkdown } from './markdown.js';
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

// A judge's problem page is a few hundred kB; these bound what a hostile or broken page can cost.
export const PAGE_MAX_BYTES = 2 << 20;
const TIMEOUT_MS = 15_000;
/** Real pages nest a few dozen elements deep; far deeper is an attack on the converter's stack. */
const MAX_DEPTH = 400;
const MAX_REDIRECTS = 5;

/** How deep the page's elements nest, counted without recursion (the page may be built to overflow it). */
function depthOf(root: HTMLElement): number {
  let most = 0;
  const stack: [HTMLElement, number][] = [[root, 0]];
  while (stack.length) {
    const [el, d] = stack.pop()!;
    most = Math.max(most, d);
    if (most > MAX_DEPTH) return most;
    for (const c of el.childNodes) if (c.nodeType === 1) stack.push([c as HTMLElement, d + 1]);
  }
  return most;
}

/**
 * Math as it reaches us, made one TeX source each: KaTeX's rendering (a saved page holds it three
 * times: MathML, HTML and the TeX annotation) becomes its annotation, and CSES's raw TeX in
 * `span.math` (the served page: KaTeX renders it in the browser) is marked as math as it is.
 */
function normaliseMath(root: HTMLElement): void {
  for (const k of root.querySelectorAll('.katex')) {
    let outer: HTMLElement = k;
    while (
      outer.parentNode &&
      (outer.parentNode.classList.contains('katex-display') || outer.parentNode.classList.contains('math'))
    )
      outer = outer.parentNode;
    const tex = k.querySelector('annotation')?.textContent ?? '';
    const display =
      outer.classList.contains('katex-display') ||
      outer.classList.contains('display') ||
      !!outer.querySelector('.katex-display');
    outer.replaceWith(mathElement(tex.trim(), display));
  }
  for (const m of root.querySelectorAll('span.math')) {
    const tex = m.textContent;
    if (/\\[([]/.test(tex) || m.childNodes.some((c) => c.nodeType === 1)) continue;
    m.replaceWith(mathElement(tex.trim(), m.classList.contains('display')));
  }
}

/** The statement in a judge's page, as markdown; null when the page does not hold one where the judge keeps it. */
export function statementFromHtml(judge: JudgeSite, html: string): Statement | null {
  const root = parse(html, { comment: false });
  if (depthOf(root) > MAX_DEPTH) return null;
  normaliseMath(root);
  const f: Fragments | null = judge.extract(root);
  if (!f) return null;
  const md = (s: string | undefined) => (s === undefined ? undefined : toMarkdown(s, judge.math) || undefined);
  const legend = md(f.legend) ?? '';
  if (!legend && !f.input && !f.output) return null;
  const parts = {
    title: f.title,
    constraints: md(f.constraints),
    input: md(f.input),
    output: md(f.output),
    notes: md(f.notes),
  };
  return { judge: judge.id, legend, ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) };
}

/**
 * A page the person saved from their browser: read as the judge `url` names, or else as the first
 * judge whose markup it holds. Bounded like a download.
 */
export function statementFromPage(html: string, url?: string): StatementResult {
  if (Buffer.byteLength(html) > PAGE_MAX_BYTES)
    return { ok: false, failure: { kind: 'http', message: `the page is over ${PAGE_MAX_BYTES >> 20} MB` } };
  if (depthOf(parse(html, { comment: false })) > MAX_DEPTH)
    return {
      ok: false,
      failure: { kind: 'not-found', message: `the page nests its elements more than ${MAX_DEPTH} deep: not read` },
    };
  const named = url ? judgeOf(url) : null;
  for (const judge of named ? [named] : JUDGES) {
    const statement = statementFromHtml(judge, html);
    if (statement) return { ok: true, statement };
  }
  return {
    ok: false,
    failure: {
      kind: 'not-found',
      message: named
        ? `no statement where ${named.name} keeps it in this page`
        : 'no statement in this page where Codeforces, AtCoder, CSES, CodeChef or Kattis keep one',
    },
  };
}

/** Where a redirect may go: the same host, or another host of the same judge. */
function sameSite(from: URL, to: URL): boolean {
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return false;
  if (to.host === from.host) return true;
  const j = judgeOf(from.href);
  return j !== null && j === judgeOf(to.href);
}

/** A page over HTTP(S), bounded in size and time; redirects followed only within the judge's site; a one-line failure otherwise. */
export async function downloadPage(
  url: string,
  o: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ ok: true; html: string } | { ok: false; failure: StatementFailure }> {
  const timeout = AbortSignal.timeout(o.timeoutMs ?? TIMEOUT_MS);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  let res: Response;
  let at: URL;
  try {
    at = new URL(url);
  } catch {
    return { ok: false, failure: { kind: 'no-url', message: `${whereFrom(url)} cannot be downloaded` } };
  }
  for (let hop = 0; ; hop++) {
    try {
      res = await fetch(at, {
        signal,
        redirect: 'manual',
        headers: { 'user-agent': 'simcoach (problem statement for a local tutor)', accept: 'text/html' },
      });
    } catch (err) {
      const why = timeout.aborted
        ? 'no answer in time'
        : err instanceof Error
          ? ((err.cause as Error | undefined)?.message ?? err.message)
          : String(err);
      return { ok: false, failure: { kind: 'offline', message: `could not download ${url}: ${why}` } };
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) break;
    await res.body?.cancel().catch(() => {});
    let next: URL;
    try {
      next = new URL(location, at);
    } catch {
      return { ok: false, failure: { kind: 'http', message: `${url} redirects to an address that is not one` } };
    }
    // Each hop is checked again: a judge's page must not send us (and what we read) to another site.
    if (!sameSite(at, next))
      return {
        ok: false,
        failure: {
          kind: 'http',
          message: `${url} redirects to ${next.protocol === 'http:' || next.protocol === 'https:' ? next.host : next.protocol}, another site: not followed`,
        },
      };
    if (hop >= MAX_REDIRECTS)
      return { ok: false, failure: { kind: 'http', message: `${url}: more than ${MAX_REDIRECTS} redirects` } };
    at = next;
  }
  if (!res.ok)
    return { ok: false, failure: { kind: 'http', message: `${url} answered ${res.status} ${res.statusText}`.trim() } };
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
    return {
      ok: false,
      failure: {
        kind: 'offline',
        message: `could not download ${url}: ${err instanceof Error ? err.message : String(err)}`,
      },
    };
  }
  return { ok: true, html: Buffer.concat(chunks).toString('utf8') };
}

/** The place a URL names, in words: its host, or what it is when it has none (a local file). */
function whereFrom(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `'${url.replace(/[^\x20-\x7e]/g, '?').slice(0, 100)}' (not a web address)`;
  }
  if (u.protocol === 'file:') return 'a local file (file://); give a saved page with --page FILE';
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `a ${u.protocol.replace(/:$/, '')}: address`;
  return u.hostname;
}

/** Downloads a problem's page and reads its statement. */
export async function fetchStatement(url: string | undefined, o: FetchOptions = {}): Promise<StatementResult> {
  if (!url)
    return { ok: false, failure: { kind: 'no-url', message: 'the problem has no url to download its statement from' } };
  const judge = o.judge ?? judgeOf(url);
  if (!judge) {
    return {
      ok: false,
      failure: {
        kind: 'unknown-judge',
        message: `simcoach cannot read statements from ${whereFrom(url)} (it knows Codeforces, AtCoder, CSES, CodeChef and Kattis)`,
      },
    };
  }
  const page = await downloadPage(url, o);
  if (!page.ok) return page;
  const statement = statementFromHtml(judge, page.html);
  if (!statement)
    return {
      ok: false,
      failure: {
        kind: 'not-found',
        message: `${url}: no statement where ${judge.name} keeps it (the page may need a browser to render)`,
      },
    };
  return { ok: true, statement };
}

export { needsStatement, statementHint, withStatementText } from './place.js';

/** The statement as markdown sections under the problem's title (the loader reads `## Input` and `## Output`). */
export function statementMarkdown(s: Statement): string {
  const part = (head: string, body: string | undefined) => (body ? [`## ${head}`, body] : []);
  return [
    s.legend,
    ...part('Constraints', s.constraints),
    ...part('Input', s.input),
    ...part('Output', s.output),
    ...part('Note', s.notes),
  ]
    .filter((x) => x !== '')
    .join('\n\n');
}

/** A problem file's text with a downloaded statement put in under its title (see withStatementText). */
export function withStatement(fileText: string, s: Statement): string {
  return withStatementText(fileText, statementMarkdown(s));
}
