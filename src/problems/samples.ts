// Pairs input and output blocks into tests, the same way for every statement shape.
import type { TestCase } from './types.js';
import { problemError } from './read.js';

export interface Part {
  role: 'input' | 'output';
  content: string;
  line: number;
}

/**
 * input, output → one sample; input, output, output → one sample with two accepted outputs.
 * An input with no output (or an output with no input) is an error naming its line.
 */
export function pairSamples(file: string, parts: Part[]): TestCase[] {
  const samples: TestCase[] = [];
  let pending: Part | undefined;
  let last: TestCase | undefined;
  for (const part of parts) {
    if (part.role === 'input') {
      if (pending) throw problemError(file, pending.line, 'input block has no output block after it');
      pending = part;
      continue;
    }
    if (pending) {
      last = { name: `sample-${samples.length + 1}`, input: pending.content, outputs: [part.content] };
      samples.push(last);
      pending = undefined;
    } else if (last) {
      last.outputs.push(part.content);
    } else {
      throw problemError(file, part.line, 'output block has no input block before it');
    }
  }
  if (pending) throw problemError(file, pending.line, 'input block has no output block after it');
  return samples;
}
