// The flow registry is the one declaration of each flow: settings, key docs, the settings screen,
// --help, the budget flags and --flow validation all follow from it (nothing else lists flows).
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppController } from '../../src/app/appController.js';
import { KEY_DOCS, listSettings, loadSettings, resolveSettings, settingsSchema } from '../../src/settings/load.js';
import { budgetFlags, withBudgets } from '../../src/commands/shared/headless.js';
import { budgetEntries, flowFor, flowHelp, flowNames, flows, unknownFlow } from '../../src/flows/index.js';
import { tempDir } from '../helpers/tempDir.js';

const saved = { ...process.env };
let dir = '';
beforeEach(() => {
  dir = tempDir('simcoach-registry-');
  process.env.XDG_CONFIG_HOME = dir;
});
afterEach(() => {
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

describe('the flow registry', () => {
  it('gives the settings exactly its flows, each budget with its declared default and range', () => {
    const s = loadSettings();
    expect(
      Object.keys(s.budgets)
        .filter((k) => !k.startsWith('max'))
        .sort(),
    ).toEqual([...flowNames].sort());
    for (const { flow, name, budget } of budgetEntries()) {
      expect((s.budgets as unknown as Record<string, Record<string, unknown>>)[flow.name]?.[name]).toBe(budget.default);
      if (budget.kind === 'switch' || budget.kind === 'choice') continue;
      const tooBig = { budgets: { [flow.name]: { [name]: budget.max + 1 } } };
      const lowest = { budgets: { [flow.name]: { [name]: budget.min } } };
      expect(settingsSchema.safeParse(tooBig).success, `${flow.name}.${name}`).toBe(false);
      expect(settingsSchema.safeParse(lowest).success, `${flow.name}.${name}`).toBe(true);
    }
    expect(settingsSchema.safeParse({ flow: 'alphacodium-not-here' }).success).toBe(false);
  });

  it('documents every budget key for `config`, and lists no flow it does not have', () => {
    const docs = Object.keys(KEY_DOCS).filter((k) => /^budgets\.[^.]+\./.test(k));
    expect(docs.sort()).toEqual(
      budgetEntries()
        .map((e) => e.key)
        .sort(),
    );
    expect(KEY_DOCS.flow?.allowed).toBe(flowNames.join(' | '));
    const listed = listSettings()
      .map((r) => r.key)
      .filter((k) => /^budgets\.[^.]+\./.test(k));
    expect(listed.sort()).toEqual(
      budgetEntries()
        .map((e) => e.key)
        .sort(),
    );
  });

  it('has one message for a flow it does not have, from --flow and from a journal alike', () => {
    const message = unknownFlow('nope').message;
    expect(message).toContain(`unknown flow 'nope' (this simcoach has: ${flowNames.join(' | ')})`);
    expect(() => resolveSettings({ flow: 'nope' })).toThrow(message);
    expect(() => flowFor('nope')).toThrow(message);
  });

  it('turns each declared flag into a budget flag that sets every flow naming it', () => {
    for (const { budget } of budgetEntries())
      if (budget.flag) expect(budgetFlags[budget.flag], budget.flag).toBeDefined();
    const s = withBudgets(loadSettings(), { 'debug-rounds': '2', plans: '3' });
    for (const { flow, name, budget } of budgetEntries()) {
      const v = (s.budgets as unknown as Record<string, Record<string, unknown>>)[flow.name]?.[name];
      if (budget.flag === 'debug-rounds') expect(v).toBe(2);
      if (budget.flag === 'plans') expect(v).toBe(3);
    }
    expect(() => withBudgets(loadSettings(), { plans: '0' })).toThrow(/--plans takes a whole number of at least 1/);
  });

  it("shows the chosen flow's budgets on the settings screen, and every flow to choose from", () => {
    const settings = loadSettings();
    for (const name of flowNames) {
      const app = createAppController({
        settings: { ...settings, flow: name },
        probe: { ok: true, backend: 'ollama', where: 'here', model: settings.model, modelPresent: true, ms: 1 },
        editExternally: async (t) => t,
        quit: () => {},
      });
      expect(app.settings.get().budgets.map((b) => b.key)).toEqual(
        budgetEntries()
          .filter((e) => e.flow.name === name)
          .map((e) => e.key),
      );
      expect(app.settings.choices().flows.map((f) => f.name)).toEqual([...flowNames]);
    }
  });

  it('names every flow and its budget flags in --help', () => {
    const help = flowHelp();
    for (const f of flows) {
      expect(help).toContain(f.name);
      expect(help).toContain(f.about);
      for (const b of Object.values(f.budgets)) if (b.flag) expect(help).toContain(`--${b.flag}`);
    }
  });

  it('gives each flow a call bound whose worst case is no better than its best', () => {
    for (const f of flows) {
      const { best, worst } = flowFor(f.name).bound;
      expect(best, f.name).toBeGreaterThan(0);
      expect(worst, f.name).toBeGreaterThanOrEqual(best);
    }
  });
});

describe('selfcollab and codetree in the registry', () => {
  it('are flows with their budgets: a switch for the judge, a choice for the search', () => {
    expect(flowNames).toEqual(expect.arrayContaining(['codesim', 'mapcoder', 'selfcollab', 'codetree']));
    expect(flowFor('selfcollab').options).toEqual({ rounds: 4, withJudge: false });
    expect(flowFor('selfcollab').bound).toEqual({ best: 3, worst: 8 });
    expect(flowFor('codetree').options).toEqual({ generations: 20, depth: 3, width: 10, search: 'critic' });
    expect(flowFor('codetree').bound).toEqual({ best: 3, worst: 81 });
    expect(flowFor('codetree', { budgets: { codetree: { search: 'bfs' } } }).options.search).toBe('bfs');
    // A search the record does not list falls back to the default rather than reaching the flow.
    expect(flowFor('codetree', { budgets: { codetree: { search: 'astar' } } }).options.search).toBe('critic');
    expect(settingsSchema.safeParse({ budgets: { codetree: { search: 'astar' } } }).success).toBe(false);
    expect(KEY_DOCS['budgets.codetree.search']?.allowed).toBe('critic | bfs | dfs');
  });

  it('take --with-judge and --search from the command line, and refuse a search they do not know', () => {
    const s = withBudgets(loadSettings(), { 'with-judge': true, search: 'dfs', rounds: '2' });
    expect(s.budgets.selfcollab).toEqual({ rounds: 2, withJudge: true });
    expect(s.budgets.codetree.search).toBe('dfs');
    expect(() => withBudgets(loadSettings(), { search: 'astar' })).toThrow(
      "--search takes one of critic | bfs | dfs, not 'astar'",
    );
  });

  it('the settings screen offers the search as a choice', () => {
    const settings = loadSettings();
    const app = createAppController({
      settings: { ...settings, flow: 'codetree' },
      probe: { ok: true, backend: 'ollama', where: 'here', model: settings.model, modelPresent: true, ms: 1 },
      editExternally: async (t) => t,
      quit: () => {},
    });
    expect(app.settings.get().budgets.find((b) => b.key === 'budgets.codetree.search')).toMatchObject({
      value: 'critic',
      choices: ['critic', 'bfs', 'dfs'],
    });
  });
});
