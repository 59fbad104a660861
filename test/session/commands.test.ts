// The session commands through the built CLI, as a person runs them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { onPty } from '../helpers/pty.js';
import { cli, tempHome, type Home } from './cli.js';
import { JournalBuilder, header, solvedSession } from './synth.js';

let home: Home;
beforeEach(() => {
  home = tempHome();
});

describe('simcoach sessions', () => {
  it('says where sessions go when there are none', async () => {
    const r = await cli(['sessions'], home.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No saved sessions yet');
  });

  it('a session whose events have fields of the wrong type gets one line naming it; the others still list', async () => {
    solvedSession(header({ id: 'good0001', createdAt: '2026-12-01T10:00:00Z' })).write(
      join(home.sessions, 'good.jsonl'),
    );
    // Each damaged file is a real session with one field changed, as a hand edit or another program might leave it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases reach into nested fields of parsed JSON lines
    type Line = Record<string, any>;
    const damage = (name: string, id: string, change: (line: Line) => void, type: string) => {
      const lines = solvedSession(header({ id }))
        .text()
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Line);
      change(lines.find((l) => l.type === type)!);
      writeFileSync(join(home.sessions, name), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    };
    damage('status.jsonl', 'bad00001', (e) => (e.outcome.status = 5), 'end');
    damage('tests.jsonl', 'bad00002', (e) => (e.result.tests = 'x'), 'run');
    damage('settings.jsonl', 'bad00003', (e) => (e.settings = null), 'session');

    const r = await cli(['sessions'], home.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/good00\s+sum-two\s+codesim\s+python\s+qwen2\.5-coder:7b\s+4\s+samples pass/);
    expect(r.stdout).not.toMatch(/bad000/);
    const warnings = r.stderr.trim().split('\n');
    expect(warnings).toHaveLength(3);
    expect(r.stderr).toContain(
      `warning: skipped ${join(home.sessions, 'status.jsonl')}: a damaged event near its end (end.outcome.status: Invalid option: expected one of "solved"|"unsolved"|"stopped"|"failed")`,
    );
    expect(r.stderr).toContain(
      `warning: skipped ${join(home.sessions, 'tests.jsonl')}: a damaged event near its end (run.result.tests: Invalid input: expected array, received string)`,
    );
    expect(r.stderr).toContain(
      `warning: skipped ${join(home.sessions, 'settings.jsonl')} is not a simcoach session: its header is damaged (settings: Invalid input: expected record, received null)`,
    );
    expect(r.stderr).not.toMatch(/internal error/);
  });

  it('lists newest first as a table and as JSON, and removes one by prefix', async () => {
    solvedSession(header({ id: 'aaaa1111', createdAt: '2026-12-01T10:00:00Z' })).write(join(home.sessions, 'a.jsonl'));
    new JournalBuilder(
      header({ id: 'bbbb2222', createdAt: '2026-12-02T10:00:00Z', flow: 'mapcoder', model: 'llama3.2:3b' }),
    )
      .ask(0, 0, { answer: 'x' })
      .write(join(home.sessions, 'b.jsonl'));
    writeFileSync(join(home.sessions, 'junk.jsonl'), 'not json at all\n');

    const table = await cli(['sessions'], home.env);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^DATE\s+ID\s+PROBLEM\s+FLOW\s+LANG\s+MODEL\s+STEPS\s+RESULT\s+SIZE$/);
    expect(lines[1]).toMatch(/bbbb22\s+sum-two\s+mapcoder\s+python\s+llama3\.2:3b\s+1\s+incomplete\s+\d/);
    expect(lines[2]).toMatch(/aaaa11\s+sum-two\s+codesim\s+python\s+qwen2\.5-coder:7b\s+4\s+samples pass\s+\d/);
    expect(table.stderr).toMatch(/junk\.jsonl is not a simcoach session: its first line is not JSON/);

    const json = JSON.parse((await cli(['sessions', '--json'], home.env)).stdout) as Record<string, unknown>[];
    expect(json.map((s) => s.id)).toEqual(['bbbb2222', 'aaaa1111']);
    for (const key of ['id', 'file', 'problem', 'flow', 'model', 'createdAt', 'verdict'])
      expect(json[0]).toHaveProperty(key);
    expect(json[1]).toMatchObject({ verdict: 'samples pass', file: join(home.sessions, 'a.jsonl') });

    const rm = await cli(['sessions', 'rm', 'aaaa'], home.env);
    expect(rm.code).toBe(0);
    expect(existsSync(join(home.sessions, 'a.jsonl'))).toBe(false);
    const missing = await cli(['sessions', 'rm', 'aaaa'], home.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^simcoach: no saved session has an id starting with 'aaaa'/);
    expect((await cli(['sessions', 'frob'], home.env)).code).toBe(2);
  });
});

describe('simcoach export', () => {
  beforeEach(() => {
    new JournalBuilder(header({ id: 'eeee0001' }))
      .ask(0, 0, { answer: 'model plan', decision: { kind: 'edit', content: 'my plan: add them' }, by: 'person' })
      .ask(0, 1, {
        agent: 'code',
        title: 'Code',
        pane: 'code',
        answer: 'print(1)',
        decision: { kind: 'approve' },
        by: 'person',
      })
      .run(0, 2, 'WA', 0, 1, 'print(1)\n')
      .ask(0, 3, {
        agent: 'debug',
        title: 'Debug',
        pane: 'debug',
        answer: 'print(sum(map(int, input().split())))',
        decision: { kind: 'approve' },
        by: 'person',
      })
      .run(0, 4, 'AC', 1, 1)
      .end('solved')
      .write(join(home.sessions, 'e.jsonl'));
  });

  it('writes markdown with the problem, steps, the edit marked as the person’s, runs, final code and tokens', async () => {
    const r = await cli(['export', 'eeee'], home.env);
    expect(r.code).toBe(0);
    const md = r.stdout;
    expect(md).toContain('# Sum of two — simcoach session eeee0001');
    expect(md).toContain('Read two integers and print their sum.');
    expect(md).toMatch(/### 1\. Plan\n\n```\nmodel plan\n```\n\n\*\*Your edit:\*\*\n\n```\nmy plan: add them\n```/);
    expect(md).toContain('*Decision: edited by you');
    expect(md).toContain('Tests: **WA**, 0/1 passed.');
    expect(md).toMatch(/## Final code\n\n```python\nprint\(sum\(map\(int, input\(\)\.split\(\)\)\)\)\n```/);
    expect(md).toMatch(/\| total \| 3 \| 120 \| 30 \| \d+ \|/);
  });

  it('a submitted session reads as the contest says it: "Accepted — 12/12 tests", not "solved (1/1 samples)"', async () => {
    new JournalBuilder(header({ id: 'ffff0001' }))
      .ask(0, 0, {
        agent: 'code',
        title: 'Code',
        pane: 'code',
        answer: 'print(1)',
        decision: { kind: 'approve' },
        by: 'person',
      })
      .run(0, 1, 'AC', 1, 1)
      .end('solved', undefined, { verdict: 'AC', passed: 12, total: 12, hidden: 11 })
      .write(join(home.sessions, 'f.jsonl'));
    const md = (await cli(['export', 'ffff'], home.env)).stdout;
    expect(md).toContain('- Result: Accepted — 12/12 tests (11 hidden)');
    expect(md).not.toContain('solved (1/1 samples)');
  });

  it('writes JSON to a file with -o', async () => {
    const out = join(home.root, 'report.json');
    const r = await cli(['export', join(home.sessions, 'e.jsonl'), '-o', out], home.env);
    expect(r.code).toBe(0);
    const rep = JSON.parse(readFileSync(out, 'utf8')) as {
      steps: { edit?: string; decidedBy?: string; runs: unknown[] }[];
      status: string;
      calls: number;
      finalCode: { source: string };
    };
    expect(rep.status).toBe('solved');
    expect(rep.calls).toBe(3);
    expect(rep.steps[0]).toMatchObject({ edit: 'my plan: add them', decidedBy: 'person' });
    expect(rep.steps[2]!.runs).toHaveLength(1);
    expect(rep.finalCode.source).toContain('sum(map');
  });

  it('refuses a non-session file with one line naming it, and a bad format with a usage error', async () => {
    const bad = join(home.root, 'x.jsonl');
    writeFileSync(bad, '{"hello":"world"}\n');
    const r = await cli(['export', bad], home.env);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      `simcoach: ${bad} is not a simcoach session: its first line is not a session header`,
    ]);
    expect((await cli(['export', 'eeee', '--format', 'pdf'], home.env)).code).toBe(2);
  });
});

describe('simcoach replay (piped)', () => {
  it('prints the steps as text when stdout is not a terminal, needing no model server', async () => {
    solvedSession(header({ id: 'rrrr0001' })).write(join(home.sessions, 'r.jsonl'));
    const r = await cli(['replay', 'last'], { ...home.env, OLLAMA_HOST: 'http://127.0.0.1:9' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^session rrrr0001 · Sum of two · codesim · Python 3 · qwen2\.5-coder:7b\n/);
    expect(r.stdout).toMatch(
      /── step 1\/4 · Plan · 0:00 ─+\n  1\. read a and b\n  2\. print a\+b\n  → approved automatically/,
    );
    expect(r.stdout).toMatch(/── step 4\/4 · Samples/);
    expect(r.stdout).toContain('  tests: AC 1/1');
    expect(r.stdout).toMatch(/solved \(1\/1 samples\) · 3 calls/);
  });

  it('replays a torn file up to its last complete line, with a warning', async () => {
    const whole = solvedSession(header({ id: 'tttt0001' }))
      .text()
      .split('\n');
    const torn = whole.slice(0, 14).join('\n') + '\n' + whole[14]!.slice(0, 20);
    writeFileSync(join(home.sessions, 't.jsonl'), torn);
    const r = await cli(['replay', 'tttt'], home.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('a=1 b=2 → 3. Plan is fine.');
    expect(r.stdout).toContain('the session did not finish');
    expect(r.stderr).toMatch(/warning: .*t\.jsonl: the last line was cut short/);
  });

  it('rejects a bad speed and an unknown session', async () => {
    expect((await cli(['replay', 'last', '--speed', '0'], home.env)).code).toBe(2);
    const r = await cli(['replay', 'zzz'], home.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no saved session has an id starting with 'zzz'");
  });
});

describe('simcoach demo', () => {
  it('replays a recorded demo with no model server, labelled as scripted', async () => {
    const r = await cli(['demo'], { ...home.env, OLLAMA_HOST: 'http://127.0.0.1:9' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^session \S+ · Two Tickets · codesim · Python 3 · qwen2\.5-coder:7b · scripted demo/);
    expect(r.stdout).toMatch(/an earlier answer \(.*\) → rejected by you: “n is up to/);
    expect(r.stdout).toContain('your edit:');
    expect(r.stdout).toMatch(/solved \(2\/2 samples\)/);
    const other = await cli(['demo', 'range'], home.env);
    expect(other.stdout).toContain('Range Sums');
    expect(other.stdout).toContain('tests: WA');
    const bad = await cli(['demo', 'nope'], home.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /no demo named 'nope'; there are brackets-alphacodium, pair-sum-person, range-sums-codesim/,
    );
    const alpha = await cli(['demo', 'brackets'], home.env);
    expect(alpha.stdout).toMatch(/Balanced Brackets · alphacodium · .* · scripted demo: AlphaCodium/);
    expect(alpha.stdout).toContain('↶ fix reverted (AI 3): it broke the anchor public 2');
  });
});

describe('simcoach replay on a terminal', () => {
  // `script` gives the CLI a pseudo-terminal, so the Ink app opens as it would for a person.
  it('opens the app, steps with the keys, and quits with q', async () => {
    const file = solvedSession(header({ id: 'tty00001' })).write(join(home.sessions, 'tty.jsonl'));
    const pty = onPty(['replay', file], home.env);
    try {
      await pty.seen('step 1/4');
      // The header and the step's text may come in separate writes: wait for the text itself.
      await pty.seen('1. read a and b');
      pty.write(' ');
      await pty.seen('step 2/4');
      pty.write('q');
      expect(await pty.closed).toBe(0);
    } finally {
      pty.kill();
    }
  });
});

describe('simcoach replay --check', () => {
  it('re-drives a recorded session through the engine from the journal alone and compares the end', async () => {
    const demo = join(process.cwd(), 'fixtures/sessions/range-sums-codesim.jsonl');
    const ok = await cli(['replay', demo, '--check'], { ...home.env, OLLAMA_HOST: 'http://127.0.0.1:9' });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /✓ re-driven by this simcoach's codesim from the journal alone: solved, as recorded \(solved\)/,
    );
    // A journal whose recorded end disagrees with what its steps lead to is caught.
    const tampered = join(home.root, 'tampered.jsonl');
    writeFileSync(tampered, readFileSync(demo, 'utf8').replace(/("type":"end".*?"status":)"solved"/, '$1"unsolved"'));
    const bad = await cli(['replay', tampered, '--check'], home.env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/✗ .*: solved; recorded: unsolved/);
  });
});
