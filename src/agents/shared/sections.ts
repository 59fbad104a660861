/**
 * Marked sections: the answer form we ask for when JSON mode is off, and the form panes show
 * and people edit. A section starts at a heading line ("## Plan", "**Plan:**", "Plan:") whose
 * name is one we know; lines inside code fences are never headings, so a Python comment such as
 * "# Plan" cannot split a program.
 */

export interface Section {
  /** The heading's name, normalised (lower case, single spaces); "" for text before the first. */
  name: string;
  body: string;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** "Plan", "plan", "PLAN ", "Step-by-step plan" → "plan", "step by step plan". */
export const normName = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[_\-–—/]+/g, ' ')
    .replace(/[^a-z0-9# ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Heading {
  name: string;
  rest: string;
  marked: boolean;
}

/** The heading a line makes, if it makes one: marked (#, bold) or a bare "Name:" line. */
function headingOf(line: string, known: (name: string) => boolean): Heading | undefined {
  const marked = /^\s*(#{1,6}\s+|\*\*|__)/.test(line);
  let s = line.trim().replace(/^#{1,6}\s*/, '');
  s = s.replace(/^(\*\*|__)/, '');
  s = s.replace(/^\d+[.)]\s+/, '');
  // Name, optionally closed by ** before or after a colon, then inline text.
  const m = /^([A-Za-z][^:*_#]{0,60})\s*(\*\*|__)?\s*(:)?\s*(\*\*|__)?\s*(.*)$/.exec(s);
  if (!m) return undefined;
  const name = normName(m[1] ?? '');
  const colon = m[3] === ':';
  const rest = (m[5] ?? '').trim();
  if (!known(name)) return undefined;
  if (marked) {
    // A marked heading holds only its name (and maybe inline text after a colon).
    if (!colon && rest !== '') return undefined;
    return { name, rest, marked };
  }
  return colon ? { name, rest, marked } : undefined;
}

/** A bare closing fence, or one glued to the end of the block's last line. */
const closesFence = (line: string, mark: string): boolean =>
  line.trimEnd().endsWith(mark[0]!.repeat(3)) &&
  (/^[ \t]*[`~]+[ \t]*$/.test(line) ? line.trim().length >= mark.length : true);

/** Every line with whether it is inside a code fence (where nothing is a heading). */
function linesWithFences(text: string): { line: string; code: boolean }[] {
  let fence: string | undefined;
  return text.split(/\r?\n/).map((line) => {
    const f = FENCE.exec(line);
    const code = fence !== undefined || f !== null;
    if (f && !fence) fence = f[1];
    else if (fence && closesFence(line, fence)) fence = undefined;
    return { line, code };
  });
}

/**
 * Splits text into sections at headings whose name `known` accepts. A bare "Name:" line only
 * counts for a field that no marked heading ("## Name", "**Name**") names anywhere in the text:
 * inside a "## Trace" section, a line "Output: 3" is part of the trace, not a new section.
 * `keyOf` maps a heading's name to its field (aliases of one field share it).
 */
export function scanSections(
  text: string,
  known: (name: string) => boolean,
  keyOf: (name: string) => string = (n) => n,
): Section[] {
  const lines = linesWithFences(text);
  const heads = lines.map((l) => (l.code ? undefined : headingOf(l.line, known)));
  const markedKeys = new Set(heads.filter((h): h is Heading => h?.marked === true).map((h) => keyOf(h.name)));
  const out: Section[] = [{ name: '', body: '' }];
  const bodies: string[][] = [[]];
  lines.forEach(({ line }, i) => {
    const h = heads[i];
    if (h && (h.marked || !markedKeys.has(keyOf(h.name)))) {
      out.push({ name: h.name, body: '' });
      bodies.push(h.rest ? [h.rest] : []);
    } else bodies.at(-1)!.push(line);
  });
  const last = bodies.at(-1)!;
  // A chatty closing line ("I hope this helps!") is the model talking, not the last section's.
  while (
    last.length > 0 &&
    !lines[lines.length - 1]?.code &&
    (last.at(-1)!.trim() === '' || PLEASANTRY.test(last.at(-1)!))
  )
    last.pop();
  out.forEach((sec, i) => (sec.body = (bodies[i] ?? []).join('\n').trim()));
  return out;
}

/** A closing line that only talks to the reader: offers more help, wishes luck, hopes it helped. */
const PLEASANTRY =
  /^\s*(\*\*|_)?\s*(i hope (this|that|it) helps|hope (this|that|it) helps|let me know if|feel free to|good luck|happy coding|happy to help|if you have any (other |more |further )?questions)\b[^\n]*$/i;

/** The aliases each field answers to, e.g. `{ plan: ['plan', 'final plan'] }`. */
export type SectionSpec<K extends string> = Record<K, readonly string[]>;

export function keyOf<K extends string>(spec: SectionSpec<K>, name: string): K | undefined {
  const n = normName(name);
  for (const key of Object.keys(spec) as K[]) {
    if (spec[key].some((a) => normName(a) === n)) return key;
  }
  return undefined;
}

/**
 * The fields of a sections answer; a field named twice keeps its last non-empty body (models
 * restate the final version last). `found` counts the recognised headings.
 */
export function readSections<K extends string>(
  text: string,
  spec: SectionSpec<K>,
): { fields: Partial<Record<K, string>>; found: number } {
  const sections = scanSections(
    text,
    (n) => keyOf(spec, n) !== undefined,
    (n) => keyOf(spec, n) ?? n,
  );
  const fields: Partial<Record<K, string>> = {};
  let found = 0;
  for (const s of sections.slice(1)) {
    const key = keyOf(spec, s.name);
    if (key === undefined) continue;
    found++;
    if (s.body !== '' || fields[key] === undefined) fields[key] = s.body;
  }
  return { fields, found };
}

/** Sections as the text we show and read back: "## Name" then the body, blank line between. */
export function renderSections(parts: ReadonlyArray<readonly [string, string]>): string {
  return parts
    .map(([name, body]) => `## ${name}\n${body.trim()}`)
    .join('\n\n')
    .concat('\n');
}
