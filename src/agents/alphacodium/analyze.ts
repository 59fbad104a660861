import type { Agent, AgentContext } from '../../engine/types.js';
import { AnswerFormatError } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { quoteProgram } from '../shared/program.js';
import { asText, stripThink } from '../shared/text.js';
import { pick, readYaml, showMap } from '../shared/yaml.js';
import { anchoringMeta, reflectionText, yamlForm, type Anchoring, type Reflection, VARIED } from './common.js';

export interface AnalyzeInput extends Anchoring {
  reflection: Reflection;
  program: Program;
  /** The failing test's log: input, expected output, what the program did. */
  feedback: string;
}

export interface FailureAnalysis {
  wrong: string;
  fix: string;
}

const KEYS = ['what_went_wrong', 'how_to_fix'];

const SKELETON = `what_went_wrong: |
  the mistake in the program that makes it fail this test, and where it is
how_to_fix: |
  what to change, concretely, so this test passes without breaking the others`;

function parseAnalysis(text: string): FailureAnalysis {
  let m: Record<string, unknown>;
  try {
    m = readYaml(text, KEYS);
  } catch (err) {
    // An analysis in prose is still one: what went wrong, in the model's words.
    const prose = stripThink(text);
    if (prose === '') throw err;
    return { wrong: prose, fix: '' };
  }
  const wrong = asText(pick(m, 'what_went_wrong', 'analysis', 'failure_analysis', 'problem'));
  const fix = asText(pick(m, 'how_to_fix', 'fix', 'fix_plan', 'solution'));
  if (wrong === '' && fix === '')
    throw new AnswerFormatError('the answer has neither "what_went_wrong:" nor "how_to_fix:"');
  return { wrong, fix };
}

/** The failing test and the program, as the analysis and fix prompts quote them. */
export function failureText(program: Program, feedback: string): string {
  return ['### Program', quoteProgram(program), '', '### The failing test', feedback.trim()].join('\n');
}

/** AlphaCodium's public-test stage, first half of a fix: say why the program fails the test. */
export const analyzeAgent: Agent<AnalyzeInput, FailureAnalysis> = {
  name: 'analyze',
  sampling: VARIED,
  title: 'Analyse the failure',
  pane: 'fix',
  messages(input: AnalyzeInput, ctx: AgentContext) {
    const stage = [
      'Task: the program below fails one test of the problem above. Find out why. Do not write the corrected program yet.',
      'Run the failing input through the program in your head, compare with the expected output, and name the mistake.',
      '',
      reflectionText(input.reflection),
      '',
      failureText(input.program, input.feedback),
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseAnalysis(text),
  show: (v) =>
    showMap([
      ['what_went_wrong', v.wrong],
      ['how_to_fix', v.fix],
    ]),
  edit: (text) => parseAnalysis(text),
  // Unreadable after the repair request (with --auto): the whole answer as the analysis.
  lenient: (text) => ({ wrong: wholeText(text), fix: '' }),
  meta: (_v, input) => anchoringMeta(input),
};
