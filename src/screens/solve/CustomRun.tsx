// `i` in the tutor: the current program run on an input the person types or pastes (cph's "custom
// input"), then, from what it printed, `+` keeps that input and its right answer as the person's
// test of the problem. The run and the file are the controller's; this only asks and shows.
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { Editor } from '../../components/Editor.js';
import { KeyHints } from '../../components/KeyHints.js';
import { Rows, seg, textRows, type Row } from '../../components/rows.js';
import { tone } from '../../components/theme.js';
import type { CustomRun } from '../../runners/judge/custom.js';

type Stage =
  | { kind: 'input' }
  | { kind: 'running'; input: string }
  | { kind: 'result'; input: string; run: CustomRun }
  | { kind: 'expected'; input: string; run: CustomRun }
  | { kind: 'failed'; input: string; message: string };

export interface CustomRunProps {
  width: number;
  height: number;
  /** Runs the program on the input (the sandbox, the problem's limits). */
  run(input: string): Promise<CustomRun>;
  /** Adds the test; undefined where the problem has no file to keep it in. */
  add?: (input: string, expected: string) => Promise<string>;
  onDone(notice?: { text: string; tone?: 'red' | 'yellow' | 'green' }): void;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function resultRows(r: CustomRun, width: number): Row[] {
  const head = r.verdict
    ? [seg(r.verdict, { color: 'red', bold: true }), seg(`  ${r.detail ?? ''}`)]
    : [seg('ran', { color: 'green', bold: true })];
  const rows: Row[] = [[...head, seg(` · ${r.timeMs} ms · ${(r.memoryKb / 1024).toFixed(1)} MB`, { dim: true })]];
  if (r.verdict === 'CE') return [...rows, ...textRows(r.detail ?? '', width)];
  rows.push(
    [seg('output', { bold: true })],
    ...(r.output.trim() ? textRows(r.output.replace(/\n$/, ''), width) : [[seg('(nothing)', { dim: true })]]),
  );
  if (r.stderr.trim())
    rows.push([seg('stderr', { bold: true })], ...textRows(r.stderr.trimEnd(), width, { dim: true }));
  return rows;
}

export function CustomRunPanel({ width, height, run, add, onDone }: CustomRunProps) {
  const [stage, setStageState] = useState<Stage>({ kind: 'input' });
  const now = useRef<Stage>(stage);
  const setStage = (s: Stage): void => {
    now.current = s;
    setStageState(s);
  };
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  const start = (input: string): void => {
    setStage({ kind: 'running', input });
    run(input).then(
      (r) => live.current && setStage({ kind: 'result', input, run: r }),
      (err: unknown) => live.current && setStage({ kind: 'failed', input, message: messageOf(err) }),
    );
  };

  const keep = (input: string, expected: string): void => {
    if (!add) return;
    add(input, expected).then(
      (path) => onDone({ text: `added as your test: ${path}`, tone: 'green' }),
      (err: unknown) => onDone({ text: `the test was not added: ${messageOf(err)}`, tone: 'red' }),
    );
  };

  useInput((input, key) => {
    const s = now.current;
    if (s.kind !== 'result' && s.kind !== 'failed' && s.kind !== 'running') return;
    if (key.escape || input === 'q') return onDone();
    if (s.kind === 'running') return;
    if (input === 'i') return setStage({ kind: 'input' });
    if (input === '+' && s.kind === 'result' && add && s.run.verdict !== 'CE')
      setStage({ kind: 'expected', input: s.input, run: s.run });
  });

  if (stage.kind === 'input') {
    return (
      <Editor
        title="Your input — ctrl-s runs the program on it, esc goes back"
        initial=""
        width={width}
        height={height - 1}
        onSave={start}
        onCancel={() => onDone()}
      />
    );
  }
  if (stage.kind === 'expected') {
    return (
      <Editor
        title="The right answer to that input (what it printed, to correct) — ctrl-s adds the test, esc cancels"
        initial={stage.run.output}
        width={width}
        height={height - 1}
        onSave={(text) => keep(stage.input, text)}
        onCancel={() => setStage({ kind: 'result', input: stage.input, run: stage.run })}
      />
    );
  }
  const body: Row[] =
    stage.kind === 'running'
      ? [[seg('running the program on your input in the sandbox…', { dim: true })]]
      : stage.kind === 'failed'
        ? [[seg(`the run failed: ${stage.message}`, { color: 'red' })]]
        : resultRows(stage.run, width);
  const hints = [
    ...(stage.kind === 'result' && add && stage.run.verdict !== 'CE' ? [{ key: '+', label: 'add as a test' }] : []),
    ...(stage.kind !== 'running' ? [{ key: 'i', label: 'another input' }] : []),
    { key: 'esc', label: 'back' },
  ];
  return (
    <Box flexDirection="column">
      <Text bold color={tone('cyan')}>
        Your program on your input
      </Text>
      <Rows rows={body} height={Math.max(1, height - 2)} />
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}
