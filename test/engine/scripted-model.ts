// A scripted model for whole-command tests and the bench: it tells the stage from the request
// (the flow harness's rules) and the problem from its title, and answers like a model that
// knows the fixtures' reference solutions. `code` can be overridden per call to script
// failures, slow streams or drops.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startFakeOllama, type FakeReply, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The fixture reference solution (Python) whose problem title appears in the request. */
export function solutionFor(body: OllamaChatBody, titles: Map<string, string>): string {
  const text = body.messages.map((m) => m.content).join('\n');
  for (const [title, id] of titles) {
    if (text.includes(title)) return readFileSync(join(ROOT, 'fixtures/problems/_solutions', `${id}.py`), 'utf8');
  }
  return 'print(0)\n';
}

export const fence = (code: string): string => `\`\`\`python\n${code.endsWith('\n') ? code : `${code}\n`}\`\`\`\n`;

export const PLAN =
  '## Understanding\nRead the statement.\n\n## Recalled problem\nA classic.\n\n## Recalled solution\nThe standard way.\n\n## Algorithm\nThe standard one.\n\n## Plan\n1. Read the input.\n2. Compute the answer the standard way.\n3. Print it.';
// Answers in the methods' own form (headings), as the default `answers: sections` asks for.
const FINE =
  '## Input\nthe first sample\n\n## Trace\nfollows the plan\n\n## Predicted output\nas expected\n\n## Verdict\nplan-fine\n\n## Critique\n';
const RETRIEVE =
  [1, 2, 3]
    .map(
      (i) => `## Problem ${i}\nA related problem ${i}\n### Code\n\`\`\`python\nprint(1)\n\`\`\`\n### Plan\nplan ${i}\n`,
    )
    .join('\n') + '\n## Algorithm\nStandard technique\n## Tutorial\nApply it carefully.\n';

const yaml = (body: string): string => `\`\`\`yaml\n${body.trim()}\n\`\`\`\n`;
const block = (text: string, pad: string): string =>
  `|\n${text
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => pad + l)
    .join('\n')}`;

/** The problem's samples as the prompt quotes them ("Sample 1 input:" and a fence). */
function samplesIn(body: OllamaChatBody): { input: string; output: string }[] {
  const text = body.messages[1]?.content ?? '';
  const out: { input: string; output: string }[] = [];
  const re = /Sample (\d+) input:\n```\n([\s\S]*?)\n```\nSample \1 output:\n```\n([\s\S]*?)\n```/g;
  for (const m of text.matchAll(re)) out.push({ input: m[2]!, output: m[3]! });
  return out;
}

/**
 * AlphaCodium's stages: a short reflection, two solutions with the first chosen, and as "AI
 * tests" the samples again (right by construction for any problem the model is given).
 */
function alphacodiumReply(stage: string, body: OllamaChatBody, code: () => string): string | undefined {
  switch (stage) {
    case 'reflection':
      return yaml(
        `reflection:\n  - ${block('Read the statement: inputs, outputs, limits.', '      ')}\nsample_explanations: []`,
      );
    case 'solutions':
      return yaml(
        [
          'solutions:',
          '  - name: Standard',
          '    idea: The standard way.',
          '    why: It is known to work.',
          '    complexity: O(n)',
          '  - name: Brute force',
          '    idea: Try everything.',
          '    why: Exhaustive.',
          '    complexity: exponential',
        ].join('\n'),
      );
    case 'choose':
      return yaml('best: Standard\nranking:\n  - Standard\n  - Brute force\nwhy: fits the limits');
    case 'ai-tests':
    case 'validate': {
      const tests = samplesIn(body).map(
        (t) =>
          `  - input: ${block(t.input, '      ')}\n    output: ${block(t.output, '      ')}\n    explanation: a sample again`,
      );
      return yaml(tests.length ? `tests:\n${tests.join('\n')}` : 'tests: []');
    }
    case 'solve':
    case 'fix':
      return `Here is the program.\n${code()}`;
    case 'analyze':
      return yaml('what_went_wrong: |\n  A detail.\nhow_to_fix: |\n  Fix it.');
    case 'analyze-and-fix':
      return `${yaml('what_went_wrong: |\n  A detail.')}\n${code()}`;
    default:
      return undefined;
  }
}

export interface ScriptOptions {
  /** Problem titles → fixture ids whose solutions the model "knows". */
  titles: Map<string, string>;
  /** Override the reply to the nth call of a stage (0-based over the whole server). */
  override?: (stage: string, body: OllamaChatBody, index: number) => FakeReply | undefined;
  /** Code answers: the default is the reference solution. */
  code?: (body: OllamaChatBody, nth: number) => string;
}

export function scriptedReply(
  o: ScriptOptions,
  seen: Map<string, number>,
  body: OllamaChatBody,
  index: number,
): FakeReply {
  const stage = stageOf(body);
  const nth = seen.get(stage) ?? 0;
  seen.set(stage, nth + 1);
  const over = o.override?.(stage, body, index);
  if (over) return over;
  const code = (): string => fence(o.code ? o.code(body, nth) : solutionFor(body, o.titles));
  switch (stage) {
    case 'plan':
    case 'exemplar-plan':
      return { text: PLAN };
    case 'simulate':
      return { text: FINE };
    case 'revise':
      return { text: '## Changes\nnone\n\n## Revised plan\n1. Do it right.' };
    case 'code':
    case 'mapcoder-code':
      return { text: `Here is the program.\n${code()}` };
    case 'debug':
      return { text: `## Simulation\nTraced it.\n## Verdict\ncode\n## Fix\nFixed.\n## Code\n${code()}` };
    case 'mapcoder-debug':
      return { text: `## Modified plan\n1. Do it right.\n## Code\n${code()}` };
    case 'retrieve':
      return { text: RETRIEVE };
    case 'confidence':
      return { text: '## Explanation\nit is the standard way\n\n## Confidence\n80' };
    case 'analyst':
      return {
        text: '## Subproblems\n- read the input\n- compute the answer\n\n## Steps\n1. Read the input.\n2. Compute the answer the standard way.\n3. Print it.',
      };
    case 'coder':
    case 'coder-repair':
    case 'solver':
    case 'debugger':
      return { text: `Here is the program.\n${code()}` };
    case 'tester':
      return { text: '## Functionality\nNone\n\n## Edge cases\nNone\n\n## Bugs\nNone\n\nCode Test Passed' };
    case 'thinker':
      return { text: '1. Standard way: compute the answer the standard way.\n2. Brute force: try every candidate.' };
    case 'reflect':
      return { text: '1. Do it right: follow the statement exactly.' };
    case 'critic-score':
      return { text: '## Review\nClose to right.\n\n## Score\n3/5' };
    case 'critic-verify':
      return { text: '## Overfitting\nNone.\n\n## Edge cases\nHandled.\n\n## Complexity\nFits.\n\n## Verdict\naccept' };
    default: {
      const text = alphacodiumReply(stage, body, code);
      return { text: text ?? `(no scripted answer for ${stage})` };
    }
  }
}

export function startScriptedModel(o: ScriptOptions): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({ chat: (body, i) => scriptedReply(o, seen, body, i) });
}

/** Titles of the fixture problems by id, read from their statements' front matter. */
export function fixtureTitles(ids: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const text = readFileSync(join(ROOT, 'fixtures/problems', `${id}.md`), 'utf8');
    const m = /^title:\s*(.+)$/m.exec(text);
    if (m) out.set(m[1]!.trim(), id);
  }
  return out;
}
