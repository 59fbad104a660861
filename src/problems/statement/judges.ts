// Where each judge keeps a problem's statement on its page. Each reads the page's parsed DOM
// (node-html-parser) and hands back HTML fragments: the legend and the input, output, constraints
// and notes sections, which markdown.ts turns into markdown.
import type { HTMLElement } from 'node-html-parser';
import type { MathStyle } from './markdown.js';

export interface Fragments {
  title?: string;
  legend: string;
  constraints?: string;
  input?: string;
  output?: string;
  notes?: string;
}

export interface JudgeSite {
  id: string;
  name: string;
  /** Host names, matched exactly or as a parent domain (`www.codechef.com` → `codechef.com`). */
  hosts: string[];
  math: MathStyle[];
  extract(root: HTMLElement): Fragments | null;
}

type Section = keyof Omit<Fragments, 'title'>;

/** What a section heading names, in the words the judges use. */
function sectionOf(heading: string): Section | 'samples' | null {
  const h = heading
    .trim()
    .toLowerCase()
    .replace(/[:：]$/, '');
  if (/^(input|input format|input specification|入力)$/.test(h)) return 'input';
  if (/^(output|output format|output specification|出力)$/.test(h)) return 'output';
  if (/^(constraints|制約)$/.test(h)) return 'constraints';
  if (/^(notes?|explanation|hint|注意)$/.test(h)) return 'notes';
  if (/^(problem statement|statement|problem|問題文)$/.test(h)) return 'legend';
  if (
    /^(examples?|samples?|sample (input|output)\s*\d*|example \d+|sample \d+|sample test cases?|入力例\s*\d*|出力例\s*\d*|入出力例)$/.test(
      h,
    )
  )
    return 'samples';
  return null;
}

/**
 * A flat run of elements cut into sections at its headings: what comes before the first known
 * heading is the legend; samples are left out (the problem file has its own).
 */
function splitAtHeadings(children: HTMLElement[], isHeading: (el: HTMLElement) => boolean): Fragments {
  const parts: Partial<Record<Section, string[]>> = {};
  let current: Section | 'samples' = 'legend';
  let sampleHeading: string | null = null;
  for (const el of children) {
    if (isHeading(el)) {
      const s = sectionOf(el.textContent);
      if (s) {
        current = s;
        sampleHeading = s === 'samples' ? el.textContent.trim() : null;
        continue;
      }
    }
    if (current === 'samples') {
      // The sample data is the problem file's own; what explains a sample is kept with the notes,
      // under the sample's heading. CSES's "Input:" and "Output:" labels are the data's, not words.
      if (
        el.tagName === 'PRE' ||
        el.tagName === 'TABLE' ||
        el.querySelector('pre') ||
        /^(input|output|入力|出力)\s*[:：]?$/i.test(el.textContent.trim()) ||
        !el.textContent.trim()
      )
        continue;
      if (sampleHeading) (parts.notes ??= []).push(`<p><strong>${escapeText(sampleHeading)}</strong></p>`);
      sampleHeading = null;
      (parts.notes ??= []).push(el.outerHTML);
      continue;
    }
    (parts[current] ??= []).push(el.outerHTML);
  }
  const join = (s: Section) => parts[s]?.join('\n');
  return {
    legend: join('legend') ?? '',
    ...pick({ constraints: join('constraints'), input: join('input'), output: join('output'), notes: join('notes') }),
  };
}

const escapeText = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pick(o: Record<string, string | undefined>): Partial<Fragments> {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && v.trim() !== ''),
  ) as Partial<Fragments>;
}

const elements = (el: HTMLElement): HTMLElement[] => el.childNodes.filter((n): n is HTMLElement => n.nodeType === 1);
const text = (el: HTMLElement | null | undefined): string | undefined =>
  el?.textContent
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() || undefined;

/** Codeforces (and its gym and mirrors): `.problem-statement`, one div per section with a `.section-title`. */
const codeforces: JudgeSite = {
  id: 'codeforces',
  name: 'Codeforces',
  hosts: ['codeforces.com', 'codeforces.ml', 'codeforces.es', 'mirror.codeforces.com'],
  math: ['triple-dollar'],
  extract(root) {
    const st = root.querySelector('.problem-statement');
    if (!st) return null;
    const body = (cls: string): string | undefined => {
      const el = st.querySelector(`.${cls}`);
      if (!el) return undefined;
      el.querySelector('.section-title')?.remove();
      return el.innerHTML;
    };
    // The legend is the div without a class right after the header.
    const legend = elements(st).find((el) => el.tagName === 'DIV' && !el.getAttribute('class'));
    return {
      ...pick({ title: text(st.querySelector('.header .title'))?.replace(/^[A-Z]\d*\.\s*/, '') }),
      legend: legend?.innerHTML ?? '',
      ...pick({ input: body('input-specification'), output: body('output-specification'), notes: body('note') }),
    };
  },
};

/** AtCoder: `#task-statement`, the English half (`.lang-en`) when there is one, `<section><h3>` parts. */
const atcoder: JudgeSite = {
  id: 'atcoder',
  name: 'AtCoder',
  hosts: ['atcoder.jp'],
  math: [],
  extract(root) {
    const task = root.querySelector('#task-statement');
    if (!task) return null;
    const lang = task.querySelector('.lang-en') ?? task.querySelector('.lang-ja') ?? task;
    // The "Copy" buttons sit inside the sample headings.
    for (const b of lang.querySelectorAll('.btn-copy')) b.remove();
    const sections = lang.querySelectorAll('section');
    const flat: HTMLElement[] = [];
    for (const s of sections) {
      // A section's own heading, then its content; nested io-style sections are reached too.
      if (s.querySelector('section')) continue;
      flat.push(...elements(s));
    }
    const title = text(root.querySelector('span.h2'))
      ?.replace(/\s*Editorial$/, '')
      .replace(/^[A-Z][A-Za-z0-9]*\s*-\s*/, '');
    return { ...pick({ title }), ...splitAtHeadings(flat, (el) => el.tagName === 'H3') };
  },
};

/** CSES: `.content .md`, sections under `<h1>` headings; math as `\( … \)` in `span.math`. */
const cses: JudgeSite = {
  id: 'cses',
  name: 'CSES',
  hosts: ['cses.fi'],
  math: ['parens'],
  extract(root) {
    const md = root.querySelector('.content .md') ?? root.querySelector('.md');
    if (!md) return null;
    return {
      ...pick({ title: text(root.querySelector('.title-block h1')) }),
      ...splitAtHeadings(elements(md), (el) => /^H[1-4]$/.test(el.tagName)),
    };
  },
};

/** CodeChef: the statement block (`#problem-statement` or a `…problem-statement…` class), `<h3>` sections, `$…$` math. */
const codechef: JudgeSite = {
  id: 'codechef',
  name: 'CodeChef',
  hosts: ['codechef.com'],
  math: ['dollar'],
  extract(root) {
    const st = root.querySelector('#problem-statement') ?? root.querySelector('[class*="problem-statement"]');
    if (!st) return null;
    // The rendered statement sits in one wrapper div; its children are the flat run.
    let flat = elements(st);
    while (flat.length === 1 && flat[0]!.tagName === 'DIV') flat = elements(flat[0]!);
    const title = text(root.querySelector('#problem-name')) ?? text(root.querySelector('h1'));
    return { ...pick({ title }), ...splitAtHeadings(flat, (el) => /^H[1-4]$/.test(el.tagName)) };
  },
};

/** Kattis: `.problembody`, `<h2>` sections (Input, Output), math as `\( … \)` or `$…$`. */
const kattis: JudgeSite = {
  id: 'kattis',
  name: 'Kattis',
  hosts: ['open.kattis.com', 'kattis.com'],
  math: ['parens', 'dollar'],
  extract(root) {
    const body = root.querySelector('.problembody');
    if (!body) return null;
    const flat = elements(body).filter((el) => !(el.tagName === 'TABLE' && el.classList.contains('sample')));
    return {
      ...pick({ title: text(root.querySelector('h1.book-page-heading')) ?? text(root.querySelector('h1')) }),
      ...splitAtHeadings(flat, (el) => /^H[1-4]$/.test(el.tagName)),
    };
  },
};

export const JUDGES: JudgeSite[] = [codeforces, atcoder, cses, codechef, kattis];

/** The judge whose site a URL is on, or null. */
export function judgeOf(url: string): JudgeSite | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return JUDGES.find((j) => j.hosts.some((h) => host === h || host.endsWith(`.${h}`))) ?? null;
}
