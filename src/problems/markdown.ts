// A statement file: the hand-written format (front matter + ```input / ```output blocks) or a
// page copied from a contest site. Both end up as the same Problem.
import { basename, extname } from 'node:path';
import type { Problem, TestCase } from './types.js';
import { readText } from './read.js';
import { scanBlocks } from './blocks.js';
import { pairSamples, type Part } from './samples.js';
import type { FrontMatter } from './frontmatter.js';
import { splitFrontMatter } from './splitFront.js';
import { attachHiddenTests } from './hidden.js';
import {
  INPUT_SECTION,
  OUTPUT_SECTION,
  limitsFromText,
  partsFromLabelledBlocks,
  partsFromPlainText,
  sectionText,
  titleFromText,
  toleranceFromText,
} from './contest.js';
import { withPrintableFields } from './printableFields.js';
import { uncheckedInteractorWarning } from './interactorOutput.js';

/** Samples from tagged blocks if there are any, else from the labels of a contest page. */
function sampleParts(lines: string[], bodyLine: number): Part[] {
  const blocks = scanBlocks(lines, bodyLine);
  const tagged = blocks.filter((b) => b.info === 'input' || b.info === 'output');
  if (tagged.length > 0) {
    return tagged.map((b) => ({ role: b.info as 'input' | 'output', content: b.content, line: b.line }));
  }
  if (blocks.length > 0) {
    const labelled = partsFromLabelledBlocks(blocks);
    if (labelled.length > 0) return labelled;
  }
  return partsFromPlainText(lines, bodyLine);
}

/**
 * Parses statement text; `file` names it in errors and places its hidden-tests folder. The YAML
 * reader (115 KB) loads only for a statement with front matter.
 */
export async function parseStatement(
  file: string,
  text: string,
  id: string,
): Promise<{ problem: Problem; fm: FrontMatter }> {
  const { yaml, body, bodyLine } = splitFrontMatter(file, text);
  const fm = yaml === undefined ? {} : (await import('./frontmatter.js')).parseFrontMatter(file, yaml);
  const lines = body.split('\n');
  const samples: TestCase[] = pairSamples(file, sampleParts(lines, bodyLine));
  const limits = limitsFromText(body.slice(0, 20000));
  const eps = fm.eps ?? (fm.mode === undefined || fm.mode === 'float' ? toleranceFromText(body) : undefined);
  const mode = fm.mode ?? (eps !== undefined ? 'float' : 'tokens');
  const inputSpec = sectionText(lines, INPUT_SECTION);
  const outputSpec = sectionText(lines, OUTPUT_SECTION);
  const timeLimitMs = fm.timeLimitMs ?? limits.timeLimitMs;
  const memoryLimitMb = fm.memoryLimitMb ?? limits.memoryLimitMb;
  const unchecked = fm.interactor ? uncheckedInteractorWarning(fm.interactor, fm.checker) : undefined;
  const problem: Problem = {
    id,
    title: fm.title ?? titleFromText(lines) ?? id,
    statement: body.trim(),
    ...(inputSpec ? { inputSpec } : {}),
    ...(outputSpec ? { outputSpec } : {}),
    samples,
    tests: [],
    ...(timeLimitMs ? { timeLimitMs } : {}),
    ...(memoryLimitMb ? { memoryLimitMb } : {}),
    compare: {
      mode,
      ...(eps !== undefined && mode === 'float' ? { eps } : {}),
      ...(fm.checker ? { checker: fm.checker } : {}),
    },
    kind: fm.signature ? { type: 'function', signature: fm.signature } : { type: 'stdin' },
    source: { file, ...(fm.url ? { url: fm.url } : {}) },
    tags: fm.tags ?? [],
    ...(fm.difficulty ? { difficulty: fm.difficulty } : {}),
    ...(fm.rating !== undefined ? { rating: fm.rating } : {}),
    ...(fm.points !== undefined ? { points: fm.points } : {}),
    ...(fm.interactive ? { interactive: true } : {}),
    ...(fm.processes ? { processes: true } : {}),
    ...(fm.interactor ? { interactor: fm.interactor } : {}),
    ...(fm.input || fm.output
      ? { io: { ...(fm.input ? { input: fm.input } : {}), ...(fm.output ? { output: fm.output } : {}) } }
      : {}),
    ...(unchecked ? { warnings: [unchecked] } : {}),
  };
  return { problem: withPrintableFields(problem), fm };
}

export const STATEMENT_EXTENSIONS = new Set(['.md', '.markdown', '.txt']);

/** A statement file with the hidden tests from the folder beside it (`tests` false: only counted). */
export async function loadStatement(file: string, id = basename(file, extname(file)), tests = true): Promise<Problem> {
  const { problem } = await parseStatement(file, await readText(file), id);
  return attachHiddenTests(problem, file, tests);
}
