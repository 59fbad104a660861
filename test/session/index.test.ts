import { writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { findSession, listSessions, removeSession, problemMarks, uniquePrefixLength } from '../../src/session/index.js';
import { JournalBuilder, header, solvedSession, bigSession } from './synth.js';
import { tempDir } from '../helpers/tempDir.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('sc-sessions-');
});

describe('listSessions', () => {
  it('lists newest first with verdict, steps, calls and size from the two ends of each file', async () => {
    solvedSession(header({ id: 'aaaa1111', createdAt: '2026-12-01T10:00:00Z' })).write(join(dir, 'a.jsonl'));
    new JournalBuilder(
      header({ id: 'bbbb2222', createdAt: '2026-12-02T10:00:00Z', problem: { ...header().problem, id: 'other' } }),
    )
      .ask(0, 0, { answer: 'half a plan', decision: { kind: 'approve' } })
      .ask(0, 1, { answer: 'still going' })
      .write(join(dir, 'b.jsonl'));
    const { sessions, unreadable } = await listSessions(dir);
    expect(unreadable).toEqual([]);
    expect(sessions.map((s) => s.id)).toEqual(['bbbb2222', 'aaaa1111']);
    expect(sessions[0]).toMatchObject({
      verdict: 'incomplete',
      steps: 2,
      problem: 'other',
      flow: 'codesim',
      model: 'qwen2.5-coder:7b',
    });
    expect(sessions[1]).toMatchObject({ verdict: 'samples pass', steps: 4, calls: 3, problem: 'sum-two' });
    expect(sessions[1]!.size).toBeGreaterThan(100);
  });

  it('finds the end of a large file without the middle, and skips a torn last line', async () => {
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, bigSession(2_000_000, 50).text() + '{"type":"llm-chu');
    const { sessions } = await listSessions(dir);
    expect(sessions[0]).toMatchObject({ id: 'b1gb1g00', verdict: 'unsolved', steps: 50 });
  });

  it('reports files that are not sessions by name instead of failing the list', async () => {
    solvedSession().write(join(dir, 'good.jsonl'));
    writeFileSync(join(dir, 'empty.jsonl'), '');
    writeFileSync(join(dir, 'noise.jsonl'), Buffer.from([0xff, 0x00, 0x13, 0x37, 0x0a, 0x99]));
    writeFileSync(join(dir, 'other.jsonl'), '{"name":"package","version":"1.0.0"}\n');
    writeFileSync(join(dir, 'notes.txt'), 'ignored: not a .jsonl file');
    const { sessions, unreadable } = await listSessions(dir);
    expect(sessions).toHaveLength(1);
    const reasons = Object.fromEntries(unreadable.map((u) => [u.file.split('/').pop(), u.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['empty.jsonl', 'noise.jsonl', 'other.jsonl']);
    expect(reasons['empty.jsonl']).toMatch(/empty\.jsonl is not a simcoach session: it is empty/);
    expect(reasons['noise.jsonl']).toMatch(/not JSON/);
    expect(reasons['other.jsonl']).toMatch(/not a session header/);
  });

  it('is empty when the directory does not exist yet', async () => {
    expect((await listSessions(join(dir, 'missing'))).sessions).toEqual([]);
  });
});

describe('findSession', () => {
  beforeEach(() => {
    solvedSession(header({ id: 'k3x9q2ab', createdAt: '2026-12-01T10:00:00Z' })).write(join(dir, '1.jsonl'));
    solvedSession(header({ id: 'k3xa7700', createdAt: '2026-12-03T10:00:00Z' })).write(join(dir, '2.jsonl'));
    solvedSession(header({ id: 'zz000001', createdAt: '2026-12-02T10:00:00Z' })).write(join(dir, '3.jsonl'));
  });

  it('takes a full id, any unique prefix, or last', async () => {
    expect(await findSession('k3x9q2ab', dir)).toBe(join(dir, '1.jsonl'));
    expect(await findSession('k3x9', dir)).toBe(join(dir, '1.jsonl'));
    expect(await findSession('z', dir)).toBe(join(dir, '3.jsonl'));
    expect(await findSession('last', dir)).toBe(join(dir, '2.jsonl'));
  });

  it('says when a prefix is ambiguous or matches nothing', async () => {
    await expect(findSession('k3x', dir)).rejects.toThrow(/'k3x' matches 2 sessions \(k3xa7700, k3x9q2ab\)/);
    await expect(findSession('nope', dir)).rejects.toThrow(/no saved session has an id starting with 'nope'/);
    await expect(findSession('last', join(dir, 'none'))).rejects.toThrow(/no saved sessions yet/);
  });

  it('takes a file path, and names a missing one', async () => {
    expect(await findSession(join(dir, '3.jsonl'), dir)).toBe(join(dir, '3.jsonl'));
    await expect(findSession('./missing.jsonl', dir)).rejects.toThrow(/missing\.jsonl: no such file/);
  });

  it('short ids: the prefix length that tells every id apart', () => {
    expect(uniquePrefixLength(['k3x9q2ab', 'k3xa7700', 'zz000001'])).toBe(6);
    expect(uniquePrefixLength(['abcdefg1', 'abcdefg2'])).toBe(8);
  });
});

describe('removeSession and problemMarks', () => {
  it('removes by prefix; marks accepted apart from samples that pass, and unsolved not at all', async () => {
    solvedSession(header({ id: 'aaaa1111' })).write(join(dir, 'a.jsonl'));
    new JournalBuilder(header({ id: 'bbbb2222', problem: { ...header().problem, id: 'hard' } }))
      .ask(0, 0, { answer: 'x' })
      .end('unsolved')
      .write(join(dir, 'b.jsonl'));
    const accepted = { verdict: 'AC' as const, passed: 9, total: 9, hidden: 8 };
    new JournalBuilder(header({ id: 'cccc3333', problem: { ...header().problem, id: 'lis' } }))
      .ask(0, 0, { answer: 'x' })
      .end('solved', 'print(1)', accepted)
      .write(join(dir, 'c.jsonl'));
    const rejected = { verdict: 'TLE' as const, passed: 5, total: 9, hidden: 8, failed: '10-large' };
    new JournalBuilder(header({ id: 'dddd4444', problem: { ...header().problem, id: 'pair-sum' } }))
      .ask(0, 0, { answer: 'x' })
      .end('solved', 'print(1)', rejected)
      .write(join(dir, 'd.jsonl'));
    expect(Object.fromEntries(await problemMarks(dir))).toEqual({
      'sum-two': 'samples',
      lis: 'accepted',
      'pair-sum': 'samples',
    });
    const verdicts = Object.fromEntries((await listSessions(dir)).sessions.map((s) => [s.problem, s.verdict]));
    expect(verdicts).toEqual({ 'sum-two': 'samples pass', hard: 'unsolved', lis: 'accepted', 'pair-sum': 'rejected' });
    expect(await removeSession('aaaa', dir)).toBe(join(dir, 'a.jsonl'));
    expect(existsSync(join(dir, 'a.jsonl'))).toBe(false);
    expect((await problemMarks(dir)).has('sum-two')).toBe(false);
    await expect(removeSession('/etc/passwd', dir)).rejects.toThrow(/takes a session id/);
  });
});
