// The tutor's sessions on their own, without the controller or a screen: the real engine behind
// the manual gate over a fake model server (real HTTP), journals in a temp folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/settings/load.js';
import { createSessionsService } from '../../src/app/sessionsService.js';
import type { SessionHandle } from '../../src/app/controller.js';
import { createBackend } from '../../src/llm/index.js';
import { readJournal } from '../../src/session/reader.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { fixture } from '../agents/problems.js';
import { enterTempXdg } from '../helpers/home.js';
import { eventually } from '../helpers/wait.js';
import { tempDir } from '../helpers/tempDir.js';

let server: FakeServer;
beforeAll(async () => {
  enterTempXdg('simcoach-sessions-');
  server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
});
afterAll(() => server.close());

function service(journalDir: string, resume?: { file: string; problem: Awaited<ReturnType<typeof fixture>> }) {
  const settings = resolveSettings({ host: server.url, model: 'fake-coder:7b' });
  return createSessionsService({
    settings: () => settings,
    backend: () => createBackend(settings),
    journalDir,
    frameMs: 10,
    ...(resume ? { resume } : {}),
  });
}

/** Waits until the session's first proposal waits for the person (the manual gate holds it). */
const waiting = (h: SessionHandle): Promise<void> =>
  eventually(() => h.view().live?.proposal !== undefined || h.view().outcome !== undefined);

describe('sessionsService', () => {
  it('starts a session behind the manual gate; stopping it ends its journal; the next one on the resumed problem continues that journal, once', async () => {
    const dir = tempDir('simcoach-sessions-j-');
    const problem = await fixture('brackets');
    const first = await service(dir).start(problem);
    await waiting(first);
    await first.stop();
    const [name] = readdirSync(dir);
    const file = join(dir, name!);
    expect(readJournal(file).events.at(-1)?.type).toBe('end');
    expect(first.view().outcome).toBeDefined();

    const resumed = service(dir, { file, problem });
    const again = await resumed.start(problem);
    expect(again.elapsedBefore).toBe(readJournal(file).events.reduce((t, e) => Math.max(t, e.t), 0));
    await waiting(again);
    await resumed.shutdown();
    await again.done;
    // The reopened journal is the same file (named in reopened.list for the skill cache), no new one.
    expect(journals(dir)).toEqual([name]);
    expect(readFileSync(join(dir, 'reopened.list'), 'utf8')).toContain(name);
    // Only the first session on that problem resumes: the next starts a journal of its own.
    const fresh = await resumed.start(problem);
    expect(fresh.elapsedBefore).toBe(0);
    await waiting(fresh);
    await resumed.shutdown();
    expect(journals(dir).length).toBe(2);
  });
});

/** The journals in a sessions folder (beside them: reopened.list, the skill cache's note). */
function journals(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
}
