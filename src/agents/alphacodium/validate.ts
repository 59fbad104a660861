import type { Agent, AgentContext } from '../../engine/types.js';
import { stageMessages } from '../shared/prefix.js';
import { reflectionText, showTests, testsText, yamlForm, type AiTest, type Reflection, NARROW } from './common.js';
import { editTests, parseTests, type AiTestsValue } from './aiTests.js';

export interface ValidateInput {
  reflection: Reflection;
  tests: AiTest[];
}

const SKELETON = `tests:
  - input: |
      the test's input (unchanged unless it was not a valid input)
    output: |
      the correct output for that input
    explanation: |
      how you checked the output`;

/**
 * AlphaCodium's double validation: the model re-reads its own tests and writes them again,
 * correcting any output it now finds wrong. The person's own tests are theirs: not sent to be
 * checked, and kept after the model's as they were.
 */
export const validateAgent: Agent<ValidateInput, AiTestsValue> = {
  name: 'validate',
  sampling: NARROW,
  title: 'AI tests, checked',
  pane: 'ai-tests',
  messages(input: ValidateInput, ctx: AgentContext) {
    const stage = [
      'Task: check the tests below for the problem above, and write them again with any mistake corrected.',
      'For each test, first make sure the input is valid for the statement, then work out the output again from scratch,',
      'step by step, without trusting the output written there. Keep the tests in the same order; drop a test only if its input is not valid.',
      '',
      reflectionText(input.reflection),
      '',
      '### Tests to check',
      testsText(models(input.tests)),
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input) => ({
    tests: [...parseTests(text).tests.map(({ by: _by, ...t }) => t), ...input.tests.filter((t) => t.by === 'person')],
  }),
  show: (v) => showTests(v.tests),
  edit: (text, previous) => editTests(text, previous),
  // Unreadable after the repair request (with --auto): the tests go on as they were written.
  lenient: (_text, input) => ({ tests: [...input.tests] }),
  meta: (v, input) => ({ before: input.tests.map((t) => t.output), changed: changedOutputs(input.tests, v.tests) }),
};

const models = (tests: readonly AiTest[]): AiTest[] => tests.filter((t) => t.by !== 'person');

/** Which tests (by index) had their output corrected, matched by input. */
function changedOutputs(before: readonly AiTest[], after: readonly AiTest[]): number[] {
  const norm = (s: string): string => s.trim().split(/\s+/).join(' ');
  const out: number[] = [];
  after.forEach((t, i) => {
    const was = before.find((b) => norm(b.input) === norm(t.input));
    if (was && norm(was.output) !== norm(t.output)) out.push(i);
  });
  return out;
}
