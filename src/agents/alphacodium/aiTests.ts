import type { Agent, AgentContext } from '../../engine/types.js';
import { stageMessages } from '../shared/prefix.js';
import { pick, readYaml } from '../shared/yaml.js';
import {
  markPersons,
  needTests,
  readTests,
  reflectionText,
  showTests,
  TEST_KEYS,
  yamlForm,
  type AiTest,
  type Reflection,
  NARROW,
} from './common.js';

export interface AiTestsInput {
  reflection: Reflection;
  /** How many tests to ask for (6 in the method). */
  count: number;
}

export interface AiTestsValue {
  tests: AiTest[];
}

const SKELETON = `tests:
  - input: |
      the whole input of the test, exactly as the program reads it
    output: |
      the exact output the program must print for it
    explanation: |
      what the test checks and how its output follows from the statement`;

/** The tests of a YAML answer; shared with the validation stage, which answers in the same shape. */
export function parseTests(text: string): AiTestsValue {
  const m = readYaml(text, [...TEST_KEYS]);
  return { tests: needTests(readTests(pick(m, 'tests', 'ai_tests', 'test_cases')), 'tests') };
}

/** A person's edit of a test table: read as YAML, their own tests marked as theirs. */
export const editTests = (text: string, previous: AiTestsValue | undefined): AiTestsValue => ({
  tests: markPersons(parseTests(text).tests, previous?.tests ?? []),
});

/** AlphaCodium's AI tests: more tests than the samples, easy to hard, one of them large. */
export const aiTestsAgent: Agent<AiTestsInput, AiTestsValue> = {
  name: 'ai-tests',
  sampling: NARROW,
  title: 'AI tests',
  pane: 'ai-tests',
  messages(input: AiTestsInput, ctx: AgentContext) {
    const stage = [
      `Task: write ${input.count} new tests for the problem above, different from the samples. Do not write the solution.`,
      'Order them from easy to hard. Cover the edge cases the statement allows (smallest values, equal values, boundaries),',
      'and make one test large, close to the limits, so a slow program would fail it.',
      'Work out each output carefully from the statement: a test with a wrong output does more harm than no test.',
      '',
      reflectionText(input.reflection),
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseTests(text),
  show: (v) => showTests(v.tests),
  edit: (text, previous) => editTests(text, previous),
  // Unreadable after the repair request (with --auto): whatever tests can be read, maybe none.
  lenient: (text) => ({ tests: testsLeniently(text) }),
};

/** The tests that can be read from an answer that is not a proper list of them. */
export function testsLeniently(text: string): AiTest[] {
  try {
    return readTests(pick(readYaml(text, [...TEST_KEYS]), 'tests', 'ai_tests', 'test_cases'));
  } catch {
    return [];
  }
}
