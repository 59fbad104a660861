import { readFileSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, newSessionId, openJournal, withoutSecrets } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { UserError } from '../../src/system/errors.js';
import type { Problem } from '../../src/problems/types.js';
import { tempDir } from '../helpers/tempDir.js';

const problem: Problem = {
  id: 'p',
  title: 'P',
  statement: 'Print 1.',
  samples: [{ input: '', outputs: ['1'] }],
  tests: [],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: [],
};

let dir: string;
const saved = process.env.XDG_DATA_HOME;
beforeEach(() => {
  dir = tempDir('simcoach-journal-');
  process.env.XDG_DATA_HOME = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = saved;
});

const make = (settings: Record<string, unknown> = {}) =>
  createJournal({ problem, flow: 'codesim', backend: 'ollama', model: 'm', lang: 'python', settings });

describe('journal writer', () => {
  it('creates the file under the sessions dir with mode 0600 in a 0700 dir, one JSON line per event', () => {
    const j = make();
    expect(j.file.startsWith(join(dir, 'simcoach', 'sessions'))).toBe(true);
    expect(statSync(j.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'simcoach', 'sessions')).mode & 0o777).toBe(0o700);
    j.append({ type: 'step-start', branch: 0, step: 0, agent: 'plan', title: 'Plan', pane: 'plan' });
    // Written before close: a kill now would keep it.
    const lines = readFileSync(j.file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ type: 'step-start', agent: 'plan' });
    j.close();
  });

  it('never writes a key, token or secret from the settings', () => {
    const j = make({ openaiApiKey: 'sk-live-123', model: 'm', nested: { authToken: 'x', budgets: { maxTokens: 5 } } });
    j.close();
    const text = readFileSync(j.file, 'utf8');
    expect(text).not.toContain('sk-live-123');
    expect(text).not.toContain('authToken');
    expect(readJournal(j.file).header.settings).toEqual({ model: 'm', nested: { budgets: { maxTokens: 5 } } });
    expect(withoutSecrets({ apiKey: 1, secretThing: 2, token: 3, ok: 4 })).toEqual({ ok: 4 });
  });

  it('makes sortable unique ids', () => {
    const a = newSessionId(1_000);
    const b = newSessionId(2_000);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 200 }, () => newSessionId(5))).size).toBe(200);
  });

  it('reopens for append after a torn line and starts on a fresh line', () => {
    const j = make();
    j.append({ type: 'step-start', branch: 0, step: 0, agent: 'plan', title: 'Plan', pane: 'plan' });
    j.close();
    appendFileSync(j.file, '{"type":"llm-chunk","t":5,"bra');
    const before = readJournal(j.file);
    expect(before.warnings[0]).toMatch(/last line was cut short/);
    const k = openJournal(j.file, before.header, 10);
    k.append({ type: 'error', branch: 0, message: 'x' });
    k.close();
    const after = readJournal(j.file);
    expect(after.events.map((e) => e.type)).toEqual(['step-start', 'error']);
    expect(after.warnings[0]).toMatch(/line 3 is damaged/);
    expect(after.events[1]!.t).toBeGreaterThanOrEqual(10);
  });
});

describe('journal reader', () => {
  const file = (name: string, content: string | Buffer): string => {
    const f = join(dir, name);
    writeFileSync(f, content);
    return f;
  };
  const fails = (f: string, re: RegExp): void => {
    let err: unknown;
    try {
      readJournal(f);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toContain(f);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toContain('\n');
  };

  it('reads what a writer wrote', () => {
    const j = make();
    j.append({ type: 'end', branch: 0, outcome: { status: 'solved' }, calls: 3, promptTokens: 1, completionTokens: 2 });
    j.close();
    const r = readJournal(j.file);
    expect(r.header.id).toBe(j.id);
    expect(r.events).toHaveLength(1);
    expect(r.warnings).toEqual([]);
  });

  it('gives one-line errors naming the file', () => {
    fails(file('empty.jsonl', ''), /empty/);
    fails(file('bytes.jsonl', Buffer.from([0x89, 0x50, 0x00, 0xff, 0x10, 0x0a, 0x33])), /not a simcoach session/);
    fails(file('noise.jsonl', 'lorem ipsum\n'), /not JSON/);
    fails(file('shape.jsonl', '{"name":"package","version":"1"}\n'), /not a session header/);
    fails(file('array.jsonl', '[1,2,3]\n'), /not a JSON object/);
    fails(join(dir, 'missing.jsonl'), /no such file/);
  });

  it('reads a future version with a warning', () => {
    const j = make();
    j.close();
    const text = readFileSync(j.file, 'utf8').replace(/"version":\d+/, '"version":99');
    const f = file(
      'future.jsonl',
      text + '{"type":"hologram","t":1}\n{"type":"error","t":2,"branch":0,"message":"m"}\n',
    );
    const r = readJournal(f);
    expect(r.warnings[0]).toMatch(/newer simcoach/);
    expect(r.events.map((e) => e.type)).toEqual(['hologram', 'error']);
  });
});
