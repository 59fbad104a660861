// The tutor's door: builds the controller over the real parts and renders <App/> in the normal
// screen buffer (scrollback and copy/paste keep working). Called by `simcoach` (no problem: the
// picker) and by `simcoach solve PROBLEM` without --auto.
import { render } from 'ink';
import { type SettingFlags, type Settings } from '../settings/load.js';
import { isFlowName } from '../flows/index.js';
import { isLangId, type LangId } from '../runners/languages/langs.js';
import type { SessionHeader } from '../session/events.js';
import type { ProbeResult } from '../llm/probe.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';
import { App } from '../screens/App.js';
import { takeOver } from '../terminal/firstFrame.js';
import { createAppController } from '../app/appController.js';
import { editExternally } from '../app/editExternally.js';
import { createProgramOut } from '../app/programOut.js';
import { ownFile } from '../app/ownFile.js';
import type { ContestService } from '../app/contestService.js';

export interface LaunchOptions {
  settings: Settings;
  problem?: Problem;
  flags?: SettingFlags;
  probe?: ProbeResult;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Continue this saved session (see launchResume). */
  resume?: { file: string; problem: Problem };
  /** The person's own file, worked on in place; `langFrom` says where its language came from. */
  file?: { path: string; lang: LangId; langFrom: string };
  /** The person's program, the answer to the first step that takes one (their file as it stands). */
  program?: Program;
  /** `simcoach contest` / `upsolve`: the contest the app runs (its tabs, its clock, the model off). */
  contest?: ContestService;
}

/** Runs the app until the person quits; resolves with the exit code. The journal is always closed. */
export async function launchApp(o: LaunchOptions): Promise<number> {
  const stdin = o.stdin ?? process.stdin;
  const stdout = o.stdout ?? process.stdout;
  let finish: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (finish = resolve));
  const app = createAppController({
    settings: o.settings,
    ...(o.flags ? { flags: o.flags } : {}),
    ...(o.probe ? { probe: o.probe } : {}),
    editExternally: (text, ext) => editExternally(text, ext, stdin),
    quit: (code) => finish(code),
    programOut: createProgramOut({ terminal: stdout }),
    ...(o.resume ? { resume: o.resume } : {}),
    ...(o.file ? { file: ownFile(o.file.path, o.file.lang, stdin), langFrom: o.file.langFrom } : {}),
    ...(o.contest ? { contest: o.contest } : {}),
  });
  // The plain frame drawn before Ink loaded goes in the same tick as Ink's first frame comes; the
  // picker starts from the filter and choice typed at it (keys it did not answer reach Ink as typed).
  const typed = takeOver(true, stdin, stdout);
  const view = (closing: boolean) => (
    <App
      app={app}
      {...(o.problem ? { initial: o.problem } : {})}
      {...(o.program ? { initialProgram: o.program } : {})}
      {...(typed ? { pickerStart: typed } : {})}
      onExit={(code) => finish(code)}
      closing={closing}
    />
  );
  const instance = render(view(false), {
    stdin,
    stdout,
    // Ctrl-C is ours: it cancels a stream first, and quits only when pressed again.
    exitOnCtrlC: false,
    patchConsole: false,
    // 20 frames a second: a typed key shows in ~50 ms (at 10 it took ~180 ms), and a long answer
    // streaming at 200 tokens/s still costs ~13% of a core (bench ui; the goal is 15%).
    maxFps: 20,
  });
  // A signal from outside (kill, a closed terminal) still ends cleanly with the journal closed.
  const onSignal = (): void => finish(130);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  const code = await exited;
  process.off('SIGTERM', onSignal);
  process.off('SIGHUP', onSignal);
  // Whatever ended the app, no session runs on: each gets its end line in the journal.
  await app.shutdown();
  // The last frame without its status bar, key row and notice: the terminal keeps the history.
  instance.rerender(view(true));
  instance.unmount();
  await instance.waitUntilExit().catch(() => undefined);
  return code;
}

/**
 * `simcoach resume ID` in the tutor: the session's own problem, flow and language, its complete
 * steps served from the journal, and the step that was in flight asked again live.
 */
export async function launchResume(
  file: string,
  header: SessionHeader,
  settings: Settings,
  endLang?: string,
): Promise<number> {
  const flow = isFlowName(header.flow) ? header.flow : settings.flow;
  // The language the session ended in (the person may have switched it at a gate), else its header's.
  const lang = [endLang, header.lang].find((l): l is LangId => l !== undefined && isLangId(l)) ?? settings.lang;
  // The problem with the tests the journal keeps cut whole again (shown, and what `d` sends); the
  // engine says what could not be found when the session goes on.
  const { restoreProblem } = await import('../session/restore.js');
  const { problem } = await restoreProblem(header.problem);
  return launchApp({ settings: { ...settings, flow, lang }, problem, resume: { file, problem } });
}
