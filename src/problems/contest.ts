// Statements copied from contest sites (Codeforces, AtCoder, CodeChef) as markdown or text:
// samples from labelled blocks, plus the title, limits and input/output sections they state.
import type { Block } from './blocks.js';
import { cleanLabel } from './blocks.js';
import type { Part } from './samples.js';
import { parseMemoryLimit, parseTimeLimit } from './limits.js';

const NUM = String.raw`(?:\s*#?\s*\d+)?`;
const INPUT_LABEL = new RegExp(
  String.raw`^(?:(?:sample|example)s?(?:\s*test)?(?:\s*case)?${NUM}\s*input${NUM}|input${NUM}|入力例${NUM})$`,
  'i',
);
const OUTPUT_LABEL = new RegExp(
  String.raw`^(?:(?:sample|example)s?(?:\s*test)?(?:\s*case)?${NUM}\s*output${NUM}|output${NUM}|出力例${NUM})$`,
  'i',
);
const BARE = /^(input|output)$/i;
const EXAMPLES_HEADING = /^(examples?|samples?(\s*tests?)?|sample\s*test\s*cases?|入出力例)$/i;
const SECTION = new RegExp(
  String.raw`^(input(\s*format|\s*specification)?|output(\s*format|\s*specification)?|constraints|examples?|samples?(\s*tests?)?|` +
    String.raw`(sample|example)\s*(input|output)${NUM}|notes?|explanation${NUM}|subtasks?|problem(\s*statement)?|statement|scoring|` +
    String.raw`入力|出力|制約|問題文|入力例${NUM}|出力例${NUM}|入出力例)$`,
  'i',
);

export function labelRole(label: string): 'input' | 'output' | undefined {
  if (INPUT_LABEL.test(label)) return 'input';
  if (OUTPUT_LABEL.test(label)) return 'output';
  return undefined;
}

/** Fenced blocks whose label says sample input or output, in order. */
export function partsFromLabelledBlocks(blocks: Block[]): Part[] {
  const parts: Part[] = [];
  for (const b of blocks) {
    const role = labelRole(b.label);
    if (role) parts.push({ role, content: b.content, line: b.line });
  }
  return parts;
}

const isHeading = (line: string): boolean => /^#{1,6}\s/.test(line.trim());

/**
 * Plain text with no fences: a label line, then the sample up to the first blank line.
 * A bare "Input"/"Output" only counts inside an Examples section, since elsewhere it heads
 * the input format.
 */
export function partsFromPlainText(lines: string[], firstLine: number): Part[] {
  const parts: Part[] = [];
  let inExamples = false;
  for (let i = 0; i < lines.length; i++) {
    const label = cleanLabel(lines[i]!);
    if (label === '') continue;
    if (EXAMPLES_HEADING.test(label)) {
      inExamples = true;
      continue;
    }
    const role = labelRole(label);
    if (!role || (BARE.test(label) && !inExamples)) {
      if (SECTION.test(label) && !role) inExamples = false;
      continue;
    }
    let j = i + 1;
    while (j < lines.length && (lines[j]!.trim() === '' || /^copy$/i.test(lines[j]!.trim()))) j++;
    const body: string[] = [];
    for (; j < lines.length && lines[j]!.trim() !== ''; j++) {
      if (labelRole(cleanLabel(lines[j]!)) || isHeading(lines[j]!)) break;
      body.push(lines[j]!);
    }
    parts.push({ role, content: body.length ? `${body.join('\n')}\n` : '', line: firstLine + i });
    i = j - 1;
  }
  return parts;
}

const TIME = [
  /time\s*limit(?:\s*per\s*test)?\s*[:：]?\s*(\d+(?:\.\d+)?\s*(?:ms|milliseconds?|msec|s|secs?|seconds?))\b/i,
  /実行時間制限\s*[:：]?\s*(\d+(?:\.\d+)?\s*(?:ms|sec|s))\b/i,
];
const MEMORY = [
  /memory\s*limit(?:\s*per\s*test)?\s*[:：]?\s*(\d+(?:\.\d+)?\s*(?:bytes?|kb|kib|mb|mib|gb|gib|kilobytes?|megabytes?|gigabytes?))\b/i,
  /メモリ制限\s*[:：]?\s*(\d+(?:\.\d+)?\s*(?:kb|kib|mb|mib|gb|gib))\b/i,
];

function firstMatch(text: string, patterns: RegExp[]): string | undefined {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

export function limitsFromText(text: string): { timeLimitMs?: number; memoryLimitMb?: number } {
  const t = firstMatch(text, TIME);
  const m = firstMatch(text, MEMORY);
  const timeLimitMs = t ? parseTimeLimit(t.replace(/\s+/g, '')) : undefined;
  const memoryLimitMb = m ? parseMemoryLimit(m.replace(/\s+/g, '')) : undefined;
  return { ...(timeLimitMs ? { timeLimitMs } : {}), ...(memoryLimitMb ? { memoryLimitMb } : {}) };
}

/** "absolute or relative error does not exceed 10^{-6}" → 1e-6. */
export function toleranceFromText(text: string): number | undefined {
  const m = /(?:absolute|relative)\s+(?:or\s+relative\s+)?error[^.\n]{0,80}?10\s*\^\s*\{?\s*[-−]\s*(\d+)\s*\}?/i.exec(
    text,
  );
  return m ? Number(`1e-${m[1]}`) : undefined;
}

const LIMIT_LINE = /time\s*limit|memory\s*limit|実行時間制限|メモリ制限|input\s*file|output\s*file/i;

/** The first heading, else the first short line that is not a limit or a section name. */
export function titleFromText(lines: string[]): string | undefined {
  const heading = lines.find((l) => /^#\s/.test(l));
  if (heading) return cleanLabel(heading);
  for (const l of lines.slice(0, 10)) {
    const t = cleanLabel(l);
    if (t === '' || /^```|^~~~/.test(l.trim())) continue;
    // A sentence is the statement starting, not a title: the caller falls back to the file name.
    if (LIMIT_LINE.test(t) || SECTION.test(t) || t.length > 80 || /[.!?。]$/.test(t)) return undefined;
    return t;
  }
  return undefined;
}

/** The prose under a section heading (`Input`, `Input Format`…) up to the next section. */
export function sectionText(lines: string[], name: RegExp): string | undefined {
  const start = lines.findIndex((l) => name.test(cleanLabel(l)) && (isHeading(l) || SECTION.test(cleanLabel(l))));
  if (start < 0) return undefined;
  const body: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const label = cleanLabel(lines[i]!);
    if (isHeading(lines[i]!) || (SECTION.test(label) && label.length < 40)) break;
    body.push(lines[i]!);
  }
  const text = body.join('\n').trim();
  return text === '' ? undefined : text;
}

export const INPUT_SECTION = /^(input(\s*format|\s*specification)?|入力)$/i;
export const OUTPUT_SECTION = /^(output(\s*format|\s*specification)?|出力)$/i;
