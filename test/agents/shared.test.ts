import { describe, expect, it } from 'vitest';
import { AnswerFormatError } from '../../src/engine/types.js';
import { extractCode, fenced, fences, programFrom } from '../../src/agents/shared/code.js';
import { lenientJson, looksLikeJson } from '../../src/agents/shared/json.js';
import { readSections, scanSections } from '../../src/agents/shared/sections.js';
import { stripThink } from '../../src/agents/shared/text.js';

describe('code extraction', () => {
  it('takes the last fenced block of the language', () => {
    const text = [
      'First try:',
      '```python',
      'print(1)',
      '```',
      'Better:',
      '```python',
      'a, b = map(int, input().split())',
      'print(a + b)',
      '```',
      'Explanation: it adds.',
    ].join('\n');
    expect(extractCode(text, 'python')).toBe('a, b = map(int, input().split())\nprint(a + b)\n');
  });

  it('prefers the language over a later fence of another kind', () => {
    const text = '```python\nprint(2)\n```\nSample run:\n```text\n2\n```\n';
    expect(extractCode(text, 'python')).toBe('print(2)\n');
  });

  it('falls back to any fence when none is of the language', () => {
    expect(extractCode('```\nprint(3)\n```', 'python')).toBe('print(3)\n');
  });

  it('reads a cpp fence without leaking the tag into the code', () => {
    const text =
      'Here:\n```cpp\n#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b;}\n```';
    const code = extractCode(text, 'cpp')!;
    expect(code.startsWith('#include')).toBe(true);
    expect(code).not.toMatch(/^(cpp|pp)/);
    expect(extractCode('```c++\nint main(){}\n```', 'cpp')).toBe('int main(){}\n');
  });

  it('ends a block at a closing fence glued to the last line without repeating a character', () => {
    const text = '```python\nx = int(input())\nprint(x * 2)```\nDone.';
    expect(extractCode(text, 'python')).toBe('x = int(input())\nprint(x * 2)\n');
  });

  it('strips <think> sections, closed or only closed', () => {
    const text = '<think>\nmaybe ```python\nprint("wrong")\n```\n</think>\n```python\nprint("right")\n```';
    expect(extractCode(text, 'python')).toBe('print("right")\n');
    expect(stripThink('plan this...</think>answer')).toBe('answer');
    expect(stripThink('answer<think>cut off')).toBe('answer');
  });

  it('never returns an empty program: skips empty fences, refuses prose', () => {
    expect(extractCode('```python\nprint(5)\n```\n```python\n\n```', 'python')).toBe('print(5)\n');
    expect(() => programFrom('I could not solve it.', 'python')).toThrow(AnswerFormatError);
    expect(() => programFrom('```python\n   \n```', 'python')).toThrow(AnswerFormatError);
  });

  it('takes an unfenced answer that plainly is code, and a cut-off last fence', () => {
    expect(extractCode('import sys\nprint(sum(map(int, sys.stdin.read().split())))', 'python')).toContain('import sys');
    expect(extractCode('```java\npublic class Main { }\n', 'java')).toBe('public class Main { }\n');
    expect(fences('```js\nconsole.log(1)\n')[0]?.closed).toBe(false);
  });

  it('keeps indentation and does not confuse java with javascript', () => {
    const text = '```javascript\nconsole.log(1)\n```\n```java\nclass A {\n    int x;\n}\n```';
    expect(extractCode(text, 'javascript')).toBe('console.log(1)\n');
    expect(extractCode(text, 'java')).toBe('class A {\n    int x;\n}\n');
  });

  it('fences a program that itself holds backticks with a longer fence', () => {
    const f = fenced('s = "```"\nprint(s)', 'python');
    expect(f.startsWith('````python')).toBe(true);
    expect(extractCode(f, 'python')).toBe('s = "```"\nprint(s)\n');
  });
});

describe('marked sections', () => {
  const spec = { plan: ['plan'], verdict: ['verdict'] } as const;

  it('reads headings in the usual shapes', () => {
    for (const text of [
      '## Plan\n1. read\n2. add\n\n## Verdict\nplan-fine',
      '**Plan:**\n1. read\n2. add\n**Verdict:** plan-fine',
      'Plan:\n1. read\n2. add\nVerdict: plan-fine',
      '### PLAN\n1. read\n2. add\n### 2) Verdict\nplan-fine',
    ]) {
      const r = readSections(text, spec);
      expect(r.fields.plan).toBe('1. read\n2. add');
      expect(r.fields.verdict).toBe('plan-fine');
    }
  });

  it('never splits inside a code fence', () => {
    const text = '## Plan\n```python\n# Plan\nprint(1)\n```\nafter\n## Verdict\nok';
    const s = scanSections(text, (n) => n === 'plan' || n === 'verdict');
    expect(s.map((x) => x.name)).toEqual(['', 'plan', 'verdict']);
    expect(s[1]!.body).toContain('# Plan\nprint(1)');
  });

  it('ignores prose lines that only start with a field name', () => {
    const r = readSections('Plan the input first.\nVerdict is pending', spec);
    expect(r.found).toBe(0);
  });

  it('keeps the last non-empty copy of a repeated section', () => {
    expect(readSections('## Plan\nold\n## Plan\nnew', spec).fields.plan).toBe('new');
  });

  it('drops a chatty closing line from the last section, never a line of code', () => {
    const chatty =
      '## Plan\n1. read n\n2. print n\n\nI hope this helps! Let me know if you have any questions.\nGood luck!\n';
    expect(readSections(chatty, spec).fields.plan).toBe('1. read n\n2. print n');
    const code = { code: ['code'] } as const;
    const fencedEnd = '## Code\n```python\nprint(1)\n# I hope this helps\n```';
    expect(readSections(fencedEnd, code).fields.code).toBe('```python\nprint(1)\n# I hope this helps\n```');
  });
});

describe('lenient JSON', () => {
  it('reads bare, fenced and think-wrapped JSON', () => {
    expect(lenientJson('{"a": 1}')).toEqual({ a: 1 });
    expect(lenientJson('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(lenientJson('<think>{"no": 0}</think>{"a": 3}')).toEqual({ a: 3 });
    expect(looksLikeJson('## Plan\n{x}')).toBe(false);
  });

  it('repairs raw newlines in strings and trailing commas', () => {
    expect(lenientJson('{"plan": "1. read\n2. add",}')).toEqual({ plan: '1. read\n2. add' });
  });

  // What small local models write when asked for JSON, each as it reads once repaired.
  it.each([
    ['trailing commas', '{"plan": "a", "steps": ["x", "y",],}', { plan: 'a', steps: ['x', 'y'] }],
    ['single quotes', "{'plan': 'read n', 'confidence': 80}", { plan: 'read n', confidence: 80 }],
    [
      'raw newlines and tabs in a string',
      '{"code": "n = int(input())\n\tprint(n)"}',
      { code: 'n = int(input())\n\tprint(n)' },
    ],
    ['a tail cut off by the token limit', '{"plan": "sort, then two poi', { plan: 'sort, then two poi' }],
    [
      'a cut-off list, to its last whole element',
      '{"plans": [{"plan": "sort", "confidence": 70}, {"plan": "two poi',
      { plans: [{ plan: 'sort', confidence: 70 }] },
    ],
    ['a cut-off array', '["a", "b",', ['a', 'b']],
    ['a json fence', '```json\n{"verdict": "correct",}\n```', { verdict: 'correct' }],
    ['a fence with prose after it', '```json\n{"a": 1}\n```\nThis plan sorts first.', { a: 1 }],
    ["Python's constants", '{"ok": True, "note": None}', { ok: true, note: null }],
    ['a comment', '{"a": 1 // the count\n}', { a: 1 }],
    ['escaped quotes kept', '{"code": "print(\\"hi\\")"}', { code: 'print("hi")' }],
    ['prose after the object', '{"confidence": 70,}\nHope that helps.', { confidence: 70 }],
    ['prose after a cut-off object', '{"plan": "sort\nHope that helps.', { plan: 'sort\nHope that helps.' }],
  ])('repairs %s', (_name, text, value) => {
    expect(lenientJson(text)).toEqual(value);
  });

  it('leaves prose unread rather than repairing it into a value', () => {
    expect(lenientJson('The plan is below', true)).toBeUndefined();
    expect(lenientJson('## Plan\nsort first')).toBeUndefined();
  });

  it('digs an object out of prose only when asked', () => {
    const text = 'Sure! Here it is: {"confidence": 70} Hope that helps.';
    expect(lenientJson(text)).toBeUndefined();
    expect(lenientJson(text, true)).toEqual({ confidence: 70 });
  });
});
