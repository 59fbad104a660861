import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { programFrom } from '../shared/code.js';
import { programLeniently } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, editFix, fixProgram, programRules, quoteProgram } from '../shared/program.js';
import { asText } from '../shared/text.js';
import { pick, readYaml, showMap } from '../shared/yaml.js';
import { anchoringMeta, reflectionText, type Anchoring, type Reflection, NARROW } from './common.js';
import { failureText } from './analyze.js';

export interface AnalyzeAndFixInput extends Anchoring {
  reflection: Reflection;
  program: Program;
  feedback: string;
}

export interface AnalyzeAndFixValue {
  analysis: string;
  program: Program;
}

const KEYS = ['what_went_wrong'];

function parseBoth(text: string, ctx: AgentContext): AnalyzeAndFixValue {
  // The analysis sits in a yaml fence: never take that fence for the program.
  const program = programFrom(
    text.replace(/^[ \t]*(`{3,}|~{3,})[ \t]*ya?ml\b[\s\S]*?^[ \t]*\1[ \t]*$/gim, ''),
    ctx.lang,
  );
  let analysis = '';
  try {
    analysis = asText(pick(readYaml(text, KEYS), 'what_went_wrong', 'analysis', 'failure_analysis'));
  } catch {
    // The program is what the flow goes on with; an unreadable analysis costs only the pane's text.
    analysis = '';
  }
  return { analysis, program };
}

/** AlphaCodium's AI-test stage: one call that says why the test fails and gives the corrected program. */
export const analyzeAndFixAgent: Agent<AnalyzeAndFixInput, AnalyzeAndFixValue> = {
  name: 'analyze-and-fix',
  sampling: NARROW,
  title: 'Analyse and fix',
  pane: 'fix',
  messages(input: AnalyzeAndFixInput, ctx: AgentContext) {
    const stage = [
      'Task: the program below fails one test of the problem above. Say briefly why, then give the corrected program.',
      'The program is wrong on this test: find its mistake and correct it.',
      'Change only what is needed: the program must keep passing the tests it passes now.',
      '',
      reflectionText(input.reflection),
      '',
      failureText(input.program, input.feedback),
      '',
      '### Requirements',
      programRules(ctx),
      '',
      'Answer with a ```yaml fenced block holding `what_went_wrong: |` and your analysis as a block scalar,',
      `then ${codeFence(ctx)} and nothing after it.`,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => parseBoth(text, ctx),
  show: (v) => `\`\`\`yaml\n${showMap([['what_went_wrong', v.analysis]])}\n\`\`\`\n\n${quoteProgram(v.program)}`,
  edit: editFix(parseBoth),
  program: fixProgram(),
  // Unreadable after the repair request (with --auto): text without a fence as the program.
  lenient: (text, _input, ctx) => ({ analysis: '', program: programLeniently(text, ctx) }),
  meta: (_v, input) => anchoringMeta(input),
};
