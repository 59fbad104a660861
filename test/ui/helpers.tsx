// Shared by the UI tests: temp XDG dirs, the app over a fake Ollama (real HTTP), key presses,
// and waiting for what the screen shows.
import { render as inkRender, type Instance } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeAll } from 'vitest';
import { setColor } from '../../src/components/theme.js';
import { fixture } from '../agents/problems.js';
import { resolveSettings } from '../../src/settings/load.js';
import { probeBackend } from '../../src/llm/probe.js';
import type { Problem } from '../../src/problems/types.js';
import { App } from '../../src/screens/App.js';
import { createAppController } from '../../src/app/appController.js';
import type { AppController, OwnFile, ProgramOut } from '../../src/app/controller.js';
import type { Program } from '../../src/runners/build/types.js';
import type { FakeServer } from '../fakes/ollama.js';
import type { FetchOptions } from '../../src/problems/statement/index.js';
import { settled } from './settled.js';
import { headlessTerm } from './term.js';

export { settled };

export const tempXdg = (): string => enterTempXdg('simcoach-ui-');

export const KEYS = {
  enter: '\r',
  esc: '\u001b',
  ctrlC: '\u0003',
  ctrlS: '\u0013',
  up: '\u001b[A',
  down: '\u001b[B',
  backspace: '\u007f',
  end: '\u001b[F',
};

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` passes on the screen; fails with the last frame when it never does (the cap only catches a hang: a loaded machine judges slowly). */
export async function waitFor(
  frame: () => string,
  check: (f: string) => boolean,
  what: string,
  ms = 30_000,
): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const f = frame();
    if (check(f)) return f;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${f}`);
    await sleep(15);
  }
}

export interface Running {
  app: AppController;
  frame(): string;
  /** Everything written so far (history included). */
  all(): string;
  press(keys: string): Promise<void>;
  type(text: string): Promise<void>;
  until(text: string | RegExp, ms?: number): Promise<string>;
  exit: Promise<number>;
  unmount(): void;
}

export interface StartOptions {
  editExternally?: (t: string, ext: string) => Promise<string>;
  flow?: string;
  statementFetch?: FetchOptions;
  programOut?: ProgramOut;
  approval?: string;
  /** `simcoach resume`: the session on this problem continues this journal. */
  resume?: { file: string; problem: Problem };
  /** `practice --file` / `check SOL --tutor`: the person's own file, and their program as it stands. */
  file?: OwnFile;
  langFrom?: string;
  program?: Program;
}

export async function startApp(
  server: FakeServer,
  problem: Problem | undefined,
  extra: StartOptions = {},
): Promise<Running> {
  const settings = resolveSettings({
    host: server.url,
    model: 'fake-coder:7b',
    ...(extra.flow ? { flow: extra.flow } : {}),
    ...(extra.approval ? { approval: extra.approval } : {}),
  });
  const probe = await probeBackend(settings, { timeoutMs: 2000 });
  let finish: (code: number) => void = () => {};
  const exit = new Promise<number>((r) => (finish = r));
  const app = createAppController({
    settings,
    flags: { host: server.url, model: 'fake-coder:7b' },
    probe,
    editExternally: extra.editExternally ?? (async (t) => t),
    quit: (c) => finish(c),
    frameMs: 10,
    ...(extra.statementFetch ? { statementFetch: extra.statementFetch } : {}),
    ...(extra.programOut ? { programOut: extra.programOut } : {}),
    ...(extra.resume ? { resume: extra.resume } : {}),
    ...(extra.file ? { file: extra.file } : {}),
    ...(extra.langFrom ? { langFrom: extra.langFrom } : {}),
  });
  const r = render(
    <App
      app={app}
      {...(problem ? { initial: problem } : {})}
      {...(extra.program ? { initialProgram: extra.program } : {})}
      onExit={(c) => finish(c)}
    />,
  );
  const frame = (): string => r.lastFrame() ?? '';
  const all = (): string => r.frames.join('\n');
  const press = async (keys: string): Promise<void> => {
    r.stdin.write(keys);
    await settled(r);
  };
  return {
    app,
    frame,
    all,
    press,
    async type(text) {
      for (const ch of text) r.stdin.write(ch);
      await settled(r);
    },
    // React runs effects (which move key handlers from one component to another) just after a
    // frame is drawn; a real person's next key comes later than that, and so does the test's.
    until: async (text, ms) => {
      const f = await waitFor(
        frame,
        (x) => (typeof text === 'string' ? x.includes(text) : text.test(x)),
        String(text),
        ms,
      );
      await settled(r);
      return f;
    },
    exit,
    unmount: () => r.unmount(),
  };
}

export interface TermApp extends ReturnType<typeof headlessTerm> {
  ink: Instance;
  /** q, then waits until the app has quit, and unmounts it. */
  quit(): Promise<void>;
}

/**
 * The app over `server` rendered by Ink itself into a headless terminal of `cols`×`rows`:
 * ink-testing-library has no terminal height, and only a real size shows what Ink does at one.
 */
export async function startTermApp(
  server: FakeServer,
  problem: Problem,
  cols: number,
  rows: number,
  extra: { flow?: string; maxFps?: number } = {},
): Promise<TermApp> {
  const settings = resolveSettings({
    host: server.url,
    model: 'fake-coder:7b',
    ...(extra.flow ? { flow: extra.flow } : {}),
  });
  const probe = await probeBackend(settings);
  const t = headlessTerm(cols, rows);
  let exited = false;
  const app = createAppController({ settings, probe, editExternally: async (x) => x, quit: () => (exited = true) });
  const ink = inkRender(<App app={app} initial={problem} onExit={() => (exited = true)} />, {
    // Ink asks for Node's stream types; the headless terminal has the parts of them that Ink uses.
    stdout: t.stdout as unknown as NodeJS.WriteStream,
    stdin: t.stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: extra.maxFps ?? 20,
  });
  return {
    ...t,
    ink,
    async quit() {
      t.stdin.write('q');
      await waitFor(
        () => String(exited),
        (x) => x === 'true',
        'the app to quit',
      );
      ink.unmount();
    },
  };
}

import { startFakeOllama, type FakeReply, type OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { enterTempXdg } from '../helpers/home.js';

/** Answers per stage (the last repeats); a function may stream slowly or stall. */
export type StageAnswers = Record<string, string | string[] | ((body: OllamaChatBody, nth: number) => FakeReply)>;

/** A fake Ollama that has the model and answers by stage, like the flow tests' harness. */
export async function stagedModel(answers: StageAnswers, model = 'fake-coder:7b'): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({
    models: [{ name: model }],
    chat: (body) => {
      const stage = stageOf(body).replace(/:repair$/, '');
      const nth = seen.get(stage) ?? 0;
      seen.set(stage, nth + 1);
      const a = answers[stage];
      if (a === undefined) return { text: `(no scripted answer for ${stage})` };
      if (typeof a === 'function') return a(body, nth);
      return { text: Array.isArray(a) ? a[Math.min(nth, a.length - 1)]! : a };
    },
  });
}

/** What a file of in-process app tests starts through; whatever it starts is stopped after the test. */
export interface AppSuite {
  /** The `sum-two` fixture, loaded once for the file. */
  readonly sumTwo: Problem;
  /** A stand-in model that answers by stage (see stagedModel). */
  model(answers: StageAnswers): Promise<FakeServer>;
  /** A stand-in model started some other way (startFakeOllama with models or pulls of its own). */
  serve(server: Promise<FakeServer>): Promise<FakeServer>;
  /** The app over `server`, rendered in ink-testing-library (see startApp). */
  start(server: FakeServer, problem: Problem | undefined, extra?: StartOptions): Promise<Running>;
}

/**
 * Registers, in the file or describe it is called in, the set-up of the in-process app tests: one
 * temp XDG tree and no colour for the whole file (or describe); after each test, the apps unmounted
 * first, so that none is still asking a model server while it closes. `color: 'env'` leaves colour
 * as the environment has it, for the tests that read a terminal as a person's would draw it.
 */
export function appSuite(opts: { color?: 'off' | 'env' } = {}): AppSuite {
  let sumTwo: Problem | undefined;
  let apps: Running[] = [];
  let servers: FakeServer[] = [];
  beforeAll(async () => {
    tempXdg();
    if (opts.color !== 'env') setColor(false);
    sumTwo = await fixture('sum-two');
  });
  afterEach(async () => {
    const [started, serving] = [apps, servers];
    apps = [];
    servers = [];
    for (const app of started) app.unmount();
    for (const server of serving) await server.close();
  });
  const serve = async (server: Promise<FakeServer>): Promise<FakeServer> => {
    const s = await server;
    servers.push(s);
    return s;
  };
  return {
    get sumTwo(): Problem {
      if (!sumTwo)
        throw new Error('appSuite().sumTwo is loaded before the first test, not while the file is collected');
      return sumTwo;
    },
    model: (answers) => serve(stagedModel(answers)),
    serve,
    async start(server, problem, extra) {
      const app = await startApp(server, problem, extra);
      apps.push(app);
      return app;
    },
  };
}
