import { Box, Static, Text, useInput } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Editor, LineInput } from '../components/Editor.js';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { proposalRows } from '../components/panes/index.js';
import { freshUi, paneKey, type PaneAction, type PaneUi } from '../components/panes/keys.js';
import { Rows, cut, fitRow, rowText, seg, textRows, type Row } from '../components/rows.js';
import { StatusBar, type StatusInfo } from '../components/StatusBar.js';
import { StreamTail } from '../components/StreamTail.js';
import { tone } from '../components/theme.js';
import type { Problem } from '../problems/types.js';
import type { AppController, SessionHandle } from './controller.js';
import { HistoryEntry } from './History.js';
import { useExternal } from './hooks.js';
import { ALL_KEYS, CANCELLED_HINTS, ENDED_HINTS, GATE_HINTS, STREAM_HINTS } from './keys.js';
import { problemRows } from './problemPane.js';
import { ScrollView, rangeLabel, scrollKey } from './ScrollView.js';
import { SettingsScreen } from './Settings.js';
import type { SessionView } from './sessionView.js';

type Mode = 'main' | 'edit' | 'note' | 'ask' | 'back' | 'help' | 'problem' | 'settings';

export interface SolveProps {
  session: SessionHandle;
  problem: Problem;
  app: Pick<AppController, 'editExternally' | 'settings'>;
  flow: string;
  model: string;
  lang: string;
  width: number;
  height: number;
  startedAt: number;
  onQuit(): void;
  onAnother?(): void;
}

/** Rows the live region may use: the terminal minus a spare line, the title, status, notice and keys. */
export const liveBody = (height: number): number => Math.max(3, height - 5);

/** Rows of streaming text shown at most. */
const STREAM_ROWS = 12;

const EXT: Record<string, string> = { python: '.py', cpp: '.cpp', javascript: '.js', java: '.java' };

function statusOf(v: SessionView, p: SolveProps): StatusInfo {
  const live = v.live;
  return {
    flow: p.flow,
    ...(live ? { step: live.step + 1, stepTitle: live.title } : {}),
    model: p.model,
    tokensIn: v.tokensIn,
    tokensOut: v.tokensOut,
    startedAt: p.startedAt,
    progress: v.progress?.counters ?? [],
    calls: v.calls,
    ...(v.progress?.bound ? { callBound: v.progress.bound.worst } : {}),
    ...(v.outcome ? { ended: v.outcome.status } : {}),
  };
}

/** Lines in the text, counting no further than `cap` (the tail grows until it fills the body). */
function countLines(text: string, cap: number): number {
  let n = 1;
  for (let i = text.length - 1; i >= 0 && n <= cap; i--) if (text.charCodeAt(i) === 10) n++;
  return n;
}

const isBackendError = (code: string | undefined): boolean => code === 'server-down' || code === 'model-missing' || code === 'dropped' || code === 'stalled';

export function Solve(props: SolveProps) {
  const { session, width, height, app } = props;
  const v = useExternal(session.subscribe, session.view);
  const [mode, setModeState] = useState<Mode>('main');
  // The key handler reads the newest mode: a key typed right after `r` must not approve.
  const modeNow = useRef<Mode>('main');
  const setMode = (m: Mode): void => {
    modeNow.current = m;
    setModeState(m);
  };
  const [offset, setOffset] = useState(0);
  // What the person has opened, struck out or selected in this proposal's pane.
  const [ui, setUi] = useState<PaneUi>(freshUi);
  const [asking, setAsking] = useState<Extract<PaneAction, { kind: 'ask' }> | undefined>();
  const [notice, setNotice] = useState<{ text: string; tone?: 'red' | 'yellow' | 'green' } | undefined>();
  const [backPick, setBackPick] = useState(0);
  const lastCtrlC = useRef(0);
  const live = v.live;
  const proposal = live?.proposal;
  const body = liveBody(height);

  // A new proposal starts at the top with nothing opened or marked.
  useEffect(() => {
    setOffset(0);
    setUi(freshUi());
  }, [proposal]);

  const rows = useMemo<Row[]>(() => {
    if (!proposal) return [];
    return proposalRows(proposal, { width, expanded: ui.expanded, marked: ui.marked, ...(ui.cursor !== undefined ? { cursor: ui.cursor } : {}), ...(v.lastCode !== undefined ? { previousCode: v.lastCode } : {}), ...(v.lastPlan !== undefined && proposal.agent === 'revise' ? { previousPlan: v.lastPlan } : {}) }).map((r) => fitRow(r, width));
  }, [proposal, width, ui, v.lastCode, v.lastPlan]);

  const decide = (d: Parameters<SessionHandle['decide']>[1]): void => {
    if (!proposal) return;
    // Keyed by the step on screen: a decision cannot land on a step that came after it.
    if (!session.decide(proposal.step, d)) setNotice({ text: 'that step is no longer waiting', tone: 'yellow' });
    setMode('main');
  };

  const quit = (): void => {
    setNotice({ text: 'stopping… the session is saved', tone: 'yellow' });
    props.onQuit();
  };

  const earlier = v.steps.filter((s) => s.branch === v.branch && (!live || s.step < live.step));

  useInput(
    (input, key) => {
      const mode = modeNow.current;
      if (mode !== 'main' && mode !== 'back' && !(key.ctrl && input === 'c')) return;
      if (key.ctrl && input === 'c') {
        const now = Date.now();
        if (live?.streaming && now - lastCtrlC.current > 3000) {
          lastCtrlC.current = now;
          if (session.cancelAnswer()) setNotice({ text: 'answer cancelled — R asks again, r with a note (ctrl-c again within 3 s quits)', tone: 'yellow' });
          return;
        }
        return quit();
      }
      if (mode === 'back') {
        if (key.escape) return setMode('main');
        if (key.upArrow) return setBackPick(Math.max(0, backPick - 1));
        if (key.downArrow) return setBackPick(Math.min(earlier.length - 1, backPick + 1));
        if (key.return) {
          const target = earlier[backPick];
          if (target) decide({ kind: 'back', to: target.step });
        }
        return;
      }
      if (input === 'q') return quit();
      if (input === '?') return setMode('help');
      if (input === 'p') return setMode('problem');
      if (input === 's' && !live?.streaming) return setMode('settings');
      // The answer the person cancelled is asked again, afresh (r does the same with a note).
      if (input === 'R' && proposal?.cancelled) return decide({ kind: 'reject' });
      if (input === 'R' && v.error && isBackendError(v.error.code)) {
        setNotice({ text: 'trying again…' });
        return session.retry();
      }
      if (v.outcome) {
        if (input === 'n' && props.onAnother) props.onAnother();
        return;
      }
      if (!proposal) return;
      const next = scrollKey(key, input, offset, rows.length, body);
      if (next !== undefined) return setOffset(next);
      const act = paneKey(proposal, ui, input, key);
      if (act?.kind === 'ui') return setUi(act.ui);
      if (act?.kind === 'decide') return decide(act.decision);
      if (act?.kind === 'ask') {
        setAsking(act);
        return setMode('ask');
      }
      if (input === 'a') {
        if (proposal.cancelled) return setNotice({ text: 'you cancelled this answer: R asks again, r with a note, q stops', tone: 'yellow' });
        if (proposal.error) return setNotice({ text: 'this step failed: r asks again, b goes back, q stops', tone: 'yellow' });
        return decide({ kind: 'approve' });
      }
      if (input === 'e' && !proposal.error) return setMode('edit');
      if (input === 'E' && !proposal.error) {
        const ext = proposal.pane === 'code' ? (EXT[props.lang] ?? '.txt') : '.md';
        app
          .editExternally(proposal.text, ext)
          .then((text) => {
            if (text === proposal.text) setNotice({ text: 'no change made in the editor' });
            else decide({ kind: 'edit', content: text });
          })
          .catch((err: unknown) => setNotice({ text: `the editor failed: ${err instanceof Error ? err.message : String(err)}`, tone: 'red' }));
        return;
      }
      if (input === 'r') return setMode('note');
      if (input === 'b') {
        if (earlier.length === 0) return setNotice({ text: 'no earlier step to go back to', tone: 'yellow' });
        setBackPick(earlier.length - 1);
        return setMode('back');
      }
    },
    // Always subscribed: the handler itself steps aside for the editor, the note and overlays.
  );

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  const history = <Static items={v.history}>{(item) => <HistoryEntry key={item.key} item={item} width={width} />}</Static>;
  const status = <StatusBar info={statusOf(v, props)} width={width} />;

  if (mode === 'help') {
    const helpRows: Row[] = ALL_KEYS.map((k) => [seg(k.key.padEnd(14), { bold: true }), seg(k.what)]);
    return (
      <Box flexDirection="column">
        {history}
        <ScrollView title="Keys" rows={helpRows.map((r) => fitRow(r, width))} width={width} height={body + 2} onClose={() => setMode('main')} closeKeys={['?', 'q']} />
        {status}
      </Box>
    );
  }
  if (mode === 'problem') {
    return (
      <Box flexDirection="column">
        {history}
        <ScrollView title="Problem" rows={problemRows(props.problem, width).map((r) => fitRow(r, width))} width={width} height={body + 2} onClose={() => setMode('main')} closeKeys={['p', 'q']} />
        {status}
      </Box>
    );
  }
  if (mode === 'settings') {
    return (
      <Box flexDirection="column">
        {history}
        <SettingsScreen app={app.settings} width={width} height={body + 2} onClose={() => setMode('main')} />
        <Text dimColor>{cut('changes apply from the next session', width)}</Text>
        {status}
      </Box>
    );
  }
  if (mode === 'edit' && proposal) {
    return (
      <Box flexDirection="column">
        {history}
        <Editor initial={proposal.text} width={width} height={body + 1} title={`Editing ${proposal.title}`} onSave={(text) => (text === proposal.text ? setMode('main') : decide({ kind: 'edit', content: text }))} onCancel={() => setMode('main')} />
        {status}
      </Box>
    );
  }

  const title = live ? `${live.step + 1} ${live.title}` : v.outcome ? 'Session ended' : 'Starting…';
  let state = '';
  let content: React.ReactNode = null;
  let hints: Hint[] = STREAM_HINTS;
  if (v.outcome) {
    const o = v.outcome;
    const lines: Row[] = [
      [seg(o.status === 'solved' ? '★ solved' : o.status, { bold: true, color: o.status === 'solved' ? 'green' : 'yellow' }), seg(o.samples ? `  samples ${o.samples.passed}/${o.samples.total}` : '')],
      ...(o.reason ? [[seg(o.reason)]] : []),
      ...(v.file ? [[seg(`replay it: simcoach replay ${v.file}`, { dim: true })]] : []),
    ];
    const backendFailed = v.error !== undefined && isBackendError(v.error.code);
    if (backendFailed) lines.push([seg('start the server or fix the model (simcoach doctor says how), then press R to go on from the last complete step', { dim: true })]);
    content = <Rows rows={lines.flatMap((r) => textRows(rowText(r), width, r[0] ?? {}))} />;
    hints = props.onAnother ? ENDED_HINTS : ENDED_HINTS.filter((h) => h.key !== 'n');
    if (backendFailed) hints = [{ key: 'R', label: 'try again' }, ...hints];
  } else if (proposal) {
    state = `${proposal.cancelled ? 'answer cancelled' : proposal.error ? 'failed' : 'your decision'}  ${rangeLabel(offset, body, rows.length)}`;
    content = mode === 'back' ? (
      <Box flexDirection="column">
        <Text bold>Back to which step? (a new branch; this one is kept)</Text>
        {earlier.slice(Math.max(0, backPick - body + 2), Math.max(0, backPick - body + 2) + body - 1).map((s) => (
          <Text key={s.step} inverse={s === earlier[backPick]} wrap="truncate-end">
            {cut(`  ${s.step + 1} ${s.title}`, width)}
          </Text>
        ))}
      </Box>
    ) : (
      <Rows rows={rows} from={offset} height={body} />
    );
    hints = mode === 'back' ? [{ key: '↑↓', label: 'choose' }, { key: 'enter', label: 'go back' }, { key: 'esc', label: 'cancel' }] : proposal.cancelled ? CANCELLED_HINTS : proposal.error ? GATE_HINTS.filter((h) => !['a', 'e', 'E'].includes(h.key)) : GATE_HINTS;
  } else if (live?.running) {
    state = 'running';
    content = <Text>{`judging on ${live.running.tests} test${live.running.tests === 1 ? '' : 's'}…`}</Text>;
  } else if (live) {
    state = live.streaming ? `streaming${live.attempt > 1 ? ` (attempt ${live.attempt})` : ''}` : 'waiting for the model';
    // The error lines below take two rows of the body when there is an error.
    // A dozen lines of tail are enough to follow an answer; each frame then costs less.
    const room = Math.min(STREAM_ROWS, v.error ? body - 2 : body);
    content = live.text ? <StreamTail text={live.text} width={width} height={Math.max(1, Math.min(room, countLines(live.text, room) + 1))} /> : <Text dimColor>waiting for the model…</Text>;
  }
  if (v.error && !proposal && !v.outcome) {
    const backend = isBackendError(v.error.code);
    content = (
      <Box flexDirection="column">
        {content}
        <Text color={tone('red')} wrap="truncate-end">
          {cut(v.error.message, width)}
        </Text>
        {backend ? <Text dimColor>{cut('start the server or fix the model (simcoach doctor says how), then press R', width)}</Text> : null}
      </Box>
    );
    if (backend) hints = [{ key: 'R', label: 'try again' }, ...STREAM_HINTS];
  }
  if (mode === 'ask' && proposal && asking) {
    content = (
      <Box flexDirection="column">
        <Rows rows={rows} from={offset} height={Math.max(1, body - 1)} />
        <LineInput
          label={asking.label}
          width={width}
          onSubmit={(text) => {
            const d = asking.decide(text);
            if (d) decide(d);
            else setMode('main');
          }}
          onCancel={() => setMode('main')}
        />
      </Box>
    );
    hints = [{ key: 'enter', label: 'done' }, { key: 'esc', label: 'cancel' }];
  }
  if (mode === 'note' && proposal) {
    content = (
      <Box flexDirection="column">
        <Rows rows={rows} from={offset} height={Math.max(1, body - 1)} />
        <LineInput label={proposal.cancelled ? 'note for the new answer:' : 'what is wrong:'} width={width} onSubmit={(note) => decide({ kind: 'reject', ...(note.trim() ? { note: note.trim() } : {}) })} onCancel={() => setMode('main')} />
      </Box>
    );
    hints = [{ key: 'enter', label: 'reject with this note' }, { key: 'esc', label: 'cancel' }];
  }

  const shownNotice = notice ?? (v.error && proposal ? { text: v.error.message, tone: 'red' as const } : undefined);
  return (
    <Box flexDirection="column">
      {history}
      <Text wrap="truncate-end">
        <Text bold color={tone('cyan')}>
          {cut(`▸ ${title}`, width)}
        </Text>
        <Text dimColor>{state ? `  ${state}` : ''}</Text>
      </Text>
      {content}
      <Text color={tone(shownNotice?.tone)} wrap="truncate-end">
        {cut(shownNotice?.text ?? ' ', width) || ' '}
      </Text>
      {status}
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}
