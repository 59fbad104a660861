// A problem that came without its statement (Competitive Companion sends samples and limits):
// the tutor gets the statement before the first model step — downloaded from the judge when it
// can, pasted by the person otherwise — keeps it in the problem file, and only then plans.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { loadProblem } from '../../src/problems/index.js';
import { judgeOf } from '../../src/problems/statement/index.js';
import type { FakeServer } from '../fakes/ollama.js';
import { KEYS, appSuite } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const PLAN = `## Understanding\nSplit the melon.\n\n## Plan\n1. Read w.\n2. Print YES if w is even and over 2.`;
const PAGE = readFileSync(join(__dirname, '..', 'problems', 'statements', 'codeforces.html'), 'utf8');

/** A problem as `listen` saves what Competitive Companion sent: title, limits, samples, a link. */
function companionProblem(url: string): string {
  const payload = parseCompanion(
    JSON.stringify({
      name: 'Splitting Melons',
      group: 'Codeforces - Beta Round 4',
      url,
      timeLimit: 1000,
      memoryLimit: 64,
      tests: [{ input: '8\n', output: 'YES\n' }],
    }),
  );
  if (!payload.ok) throw new Error(payload.reason);
  const file = join(tempDir('simcoach-paste-'), 'splitting-melons.md');
  writeFileSync(file, companionToMarkdown(payload.value));
  return file;
}

const planPrompt = (server: FakeServer): string => JSON.stringify(server.chatBodies()[0]?.messages ?? []);

const ui = appSuite();
let page: Server;
let pageUrl: string;
beforeAll(async () => {
  page = createServer((req, res) =>
    req.url === '/problem' ? res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE) : res.writeHead(404).end(),
  );
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/problem`;
});
afterAll(() => {
  page.closeAllConnections();
  page.close();
});

describe('a problem without its statement', () => {
  it('asks for the statement before any model step; the pasted text is kept in the file and is what the model plans from', async () => {
    const file = companionProblem(`${pageUrl}`); // a judge simcoach does not know: nothing to download
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, await loadProblem(file));
    const ask = await app.until('paste it here');
    expect(ask).toContain('no statement');
    expect(ask).not.toContain('download from'); // no judge to download from
    expect(server.chatBodies()).toHaveLength(0);
    // Nothing pasted: still no session, and it says why.
    await app.press(KEYS.enter);
    await app.until('Paste the statement');
    await app.press(KEYS.ctrlS);
    await app.until('nothing was pasted');
    expect(server.chatBodies()).toHaveLength(0);
    await app.press(KEYS.enter);
    await app.until('Paste the statement');
    // A paste arrives as one read.
    await app.press('Two friends share a melon of $w$ kilos.\nCan it be cut into two even parts?');
    await app.press(KEYS.ctrlS);
    await app.until(/▸ 1 Plan\s+your decision/);
    expect(readFileSync(file, 'utf8')).toMatch(
      /^# Splitting Melons\n\nTwo friends share a melon of \$w\$ kilos\.\nCan it be cut into two even parts\?\n/m,
    );
    expect(planPrompt(server)).toContain('Two friends share a melon of $w$ kilos.');
    expect((await loadProblem(file)).samples).toHaveLength(1);
  });

  it('downloads it from a judge it knows, keeps it in the file, then plans from it', async () => {
    const file = companionProblem('https://codeforces.com/problemset/problem/4/A');
    // The file names codeforces.com; the page comes from a loopback server read as Codeforces'.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/url: .*/, `url: ${pageUrl}`));
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, await loadProblem(file), {
      statementFetch: { judge: judgeOf('https://codeforces.com/problemset/problem/4/A')! },
    });
    await app.until(/▸ 1 Plan\s+your decision/);
    expect(readFileSync(file, 'utf8')).toContain('## Input');
    expect(planPrompt(server)).toContain('Two friends');
  });

  it('esc leaves without starting a session', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, await loadProblem(companionProblem(pageUrl)));
    await app.until('paste it here');
    await app.press(KEYS.esc);
    expect(await app.exit).toBe(0);
    expect(server.chatBodies()).toHaveLength(0);
  });
});
