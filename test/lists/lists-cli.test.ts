// Every list through the built CLI at 80 and 100 columns, with a 60-character Companion id and a
// CJK title saved: each id is shown whole on one line (pasteable), no line is wider than the
// terminal, no word of a title or a tag is split across lines, and --json is unchanged in shape.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempHome, type Home } from '../session/cli.js';
import { header, solvedSession } from '../session/synth.js';

// 60 characters: the group and the name as Competitive Companion saves them.
const LONG = 'codeforces-practice-round-917-div-2-extra/c-mirror-words-xyz';
const CJK = 'jp/wa';

let home: Home;
beforeAll(() => {
  home = tempHome();
  const problems = join(home.root, 'data', 'simcoach', 'problems');
  const save = (id: string, front: string) => {
    mkdirSync(join(problems, id, '..'), { recursive: true });
    writeFileSync(
      join(problems, `${id}.md`),
      `---\n${front}\n---\n\nReverse every word of the line.\n\n## Sample 1\n### Input\n\`\`\`\nab\n\`\`\`\n### Output\n\`\`\`\nba\n\`\`\`\n`,
    );
  };
  save(LONG, 'title: C. Mirror Words\ntags: [strings, constructive algorithms, implementation]\nrating: 1400');
  save(CJK, 'title: 二つの数の和を求める問題です\ntags: [math]');
  const problem = { ...header().problem, id: LONG, title: 'C. Mirror Words' };
  solvedSession(header({ id: 'long0001', createdAt: '2026-12-02T10:00:00Z', problem, flow: 'mapcoder' })).write(
    join(home.sessions, 'long.jsonl'),
  );
  solvedSession(header({ id: 'sums0002', createdAt: '2026-12-01T10:00:00Z' })).write(join(home.sessions, 'sums.jsonl'));
});

const at = (columns: number) => ({ ...home.env, COLUMNS: String(columns) });

function expectFits(out: string, columns: number): void {
  for (const line of out.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
}

/** Words of a text column's cells never end a line in a cut: no line of the table ends inside one of `words`. */
function expectWordsWhole(out: string, words: string[]): void {
  for (const w of words) {
    for (let k = 2; k < w.length; k++)
      expect(out, `${w} split after ${w.slice(0, k)}`).not.toMatch(new RegExp(`\\b${w.slice(0, k)}\\n`));
  }
}

describe.each([80, 100])('lists at %i columns', (columns) => {
  it('sessions: the long problem id whole on one line, the short one on its row, every line fits', async () => {
    const r = await cli(['sessions'], at(columns));
    expect(r.code, r.stderr).toBe(0);
    expectFits(r.stdout, columns);
    expect(r.stdout).toMatch(new RegExp(`(^|\\s)${LONG}$`, 'm'));
    expect(r.stdout).toMatch(/sums00\s+sum-two\s+codesim/);
    // The model's name whole, never `qwen2.5…`.
    expect(r.stdout).toMatch(/\sqwen2\.5-coder:7b\s/);
    expectWordsWhole(r.stdout, ['mapcoder', 'codesim', 'samples']);
  });

  it('problems: the long id whole, the CJK title lined up by terminal columns', async () => {
    const r = await cli(['problems'], at(columns));
    expect(r.code, r.stderr).toBe(0);
    expectFits(r.stdout, columns);
    expect(r.stdout).toMatch(new RegExp(`(^|\\s)${LONG}(\\s|$)`, 'm'));
    const lines = r.stdout.split('\n');
    const difficultyAt = (line: string, value: string) => stringWidth(line.slice(0, line.indexOf(`  ${value} `) + 2));
    const cjk = lines.find((l) => l.includes(CJK))!;
    const knap = lines.find((l) => /\bknapsack\b/.test(l))!;
    expect(difficultyAt(cjk, '-')).toBe(difficultyAt(knap, 'medium'));
    expect(difficultyAt(lines[0]!, 'difficulty')).toBe(difficultyAt(knap, 'medium'));
  });

  it('archive list: every id whole, tags wrapped at words, filters by tag and by words', async () => {
    const r = await cli(['archive', 'list'], at(columns), { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expectFits(r.stdout, columns);
    expect(r.stdout).toMatch(new RegExp(`(^|\\s)${LONG}(\\s|$)`, 'm'));
    expectWordsWhole(r.stdout, ['constructive', 'algorithms', 'implementation', 'dijkstra', 'pointers']);
    const strings = await cli(['archive', 'list', '--tag', 'strings'], at(columns));
    expect(strings.stdout).toContain(LONG);
    expect(strings.stdout).not.toMatch(/\bknapsack\b/);
    const mirror = await cli(['archive', 'list', 'mirror', '--json'], at(columns));
    expect(JSON.parse(mirror.stdout)).toEqual([
      expect.objectContaining({ problem: LONG, title: 'C. Mirror Words', solved: false }),
    ]);
  }, 90_000);

  it('similar: the long id whole, sim in rank order, tags split only at words', async () => {
    const r = await cli(['similar', CJK, '-k', '8'], at(columns), { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expectFits(r.stdout, columns);
    expect(r.stdout).toMatch(new RegExp(`(^|\\s)${LONG}(\\s|$)`, 'm'));
    const sims = [...r.stdout.matchAll(/^\s*\d+\s+(\d\.\d\d)\s/gm)].map((m) => Number(m[1]));
    expect(sims.length).toBeGreaterThan(3);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    expect(r.stdout).toMatch(/ranked by sim, the share\s+of\s+words\s+in\s+common/);
  }, 90_000);
});

describe('--json is the data, not the table', () => {
  it('sessions --json and problems --json keep their fields and the long id whole', async () => {
    const s = JSON.parse((await cli(['sessions', '--json'], at(80))).stdout) as { problem: string }[];
    expect(s.map((x) => x.problem)).toContain(LONG);
    const p = JSON.parse((await cli(['problems', '--json'], at(80))).stdout) as { id: string; title: string }[];
    expect(p.find((x) => x.id === LONG)).toMatchObject({ title: 'C. Mirror Words' });
  });
});
