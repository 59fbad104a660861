// The model server as the tutor shows it: its state (from the start-up probe or a check of our
// own), who is told when it changes, the model's pull, and the models installed there.
import type { Settings } from '../settings/load.js';
import { guidanceFor, offLine } from '../llm/guidance.js';
import { createBackend, probeBackend, type ProbeResult } from '../llm/index.js';
import type { Backend } from '../llm/types.js';
import type { AppController, BackendState } from './controller.js';

export interface BackendService {
  /** What the screens see (`controller.backend`). */
  face: AppController['backend'];
  /** A backend for the settings in force (the one a test gave, else the configured one). */
  make(): Promise<Backend>;
  /** Installed models on the configured server. */
  models(): Promise<string[]>;
}

export interface BackendOptions {
  settings(): Settings;
  /** The start-up probe the command already made (no second wait before the first frame). */
  probe?: ProbeResult;
  /** Tests: a backend in place of the configured one. */
  backend?: (s: Settings) => Promise<Backend>;
  /** A contest's hard switch: this state for the whole run, this backend (one that sends nothing), and the server never probed. */
  off?: { state: BackendState; backend(): Promise<Backend> };
}

export function stateFromProbe(s: Settings, p: ProbeResult): BackendState {
  if (p.ok && p.modelPresent) return { kind: 'ok', where: p.where, models: p.models ?? [] };
  const modelMissing = p.ok && !p.modelPresent;
  return {
    kind: 'down',
    guidance: guidanceFor(s, p.error),
    modelMissing,
    model: s.model,
    short: offLine(s, modelMissing),
  };
}

export function createBackendService(o: BackendOptions): BackendService {
  let state: BackendState = o.off ? o.off.state : o.probe ? stateFromProbe(o.settings(), o.probe) : { kind: 'unknown' };
  const listeners = new Set<() => void>();
  const set = (b: BackendState): void => {
    state = b;
    for (const l of [...listeners]) l();
  };
  const make = (): Promise<Backend> =>
    o.off ? o.off.backend() : o.backend ? o.backend(o.settings()) : createBackend(o.settings());
  const recheck = async (): Promise<void> => {
    if (o.off) return;
    const s = o.settings();
    set(stateFromProbe(s, await probeBackend(s, { timeoutMs: 1500 })));
  };
  if (!o.probe) void recheck();
  const pull = async (): Promise<void> => {
    const model = o.settings().model;
    set({ kind: 'pulling', model, status: 'starting' });
    try {
      const b = await make();
      await b.pull(model, (p) =>
        set({
          kind: 'pulling',
          model,
          status: p.status,
          ...(p.completed !== undefined ? { completed: p.completed } : {}),
          ...(p.total !== undefined ? { total: p.total } : {}),
        }),
      );
      await recheck();
    } catch (err) {
      set({ kind: 'pull-failed', model, message: err instanceof Error ? err.message : String(err) });
    }
  };
  return {
    face: {
      state: () => state,
      subscribe(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      recheck,
      pull,
    },
    make,
    async models() {
      return (await (await make()).list()).map((m) => m.name);
    },
  };
}
