import { Box, Text, useInput } from 'ink';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { barRow } from '../components/Progress.js';
import { Rows, cut, seg, textRows, type Row } from '../components/rows.js';
import { guidanceRows } from '../terminal/guidanceRows.js';
import type { BackendState } from '../app/controller.js';

/** The doctor's guidance as rows, laid out for the width (commands and paths are long). */
function guidanceScreenRows(state: Extract<BackendState, { kind: 'down' }>, width: number): Row[] {
  return guidanceRows(state.guidance, width).map((r) =>
    r.kind === 'blank'
      ? []
      : [seg(r.text, r.kind === 'headline' ? { color: 'red', bold: true } : r.kind === 'title' ? { bold: true } : {})],
  );
}

/**
 * Backend down or model missing: the same guidance as `doctor`, with R to check again and P to
 * pull the model from here; pulling shows a progress bar.
 */
export function GuidanceScreen({
  state,
  width,
  height,
  onRetry,
  onPull,
  onQuit,
  onSettings,
}: {
  state: BackendState;
  width: number;
  height: number;
  onRetry(): void;
  onPull(): void;
  onQuit(): void;
  onSettings(): void;
}) {
  const canPull = state.kind === 'down' && state.modelMissing;
  useInput((input, key) => {
    if (input === 'R' || input === 'r') return onRetry();
    if ((input === 'P' || input === 'p') && canPull) return onPull();
    if (input === 's') return onSettings();
    if (input === 'q' || key.escape || (key.ctrl && input === 'c')) return onQuit();
  });
  const hints: Hint[] = [
    { key: 'R', label: 'check again' },
    ...(canPull ? [{ key: 'P', label: 'pull the model' }] : []),
    { key: 's', label: 'settings' },
    { key: 'q', label: 'quit' },
  ];
  if (state.kind === 'pulling') {
    return (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          {cut(`Pulling ${state.model} — ${state.status}`, width)}
        </Text>
        <Rows rows={[barRow(state.completed ?? 0, state.total ?? 0, Math.min(width, 70))]} />
        <Text dimColor>
          {state.total ? `${((state.completed ?? 0) / 1e6).toFixed(0)} / ${(state.total / 1e6).toFixed(0)} MB` : ' '}
        </Text>
        <KeyHints hints={[{ key: 'q', label: 'quit' }]} width={width} />
      </Box>
    );
  }
  if (state.kind === 'pull-failed') {
    return (
      <Box flexDirection="column">
        <Rows rows={textRows(`pulling ${state.model} failed: ${state.message}`, width, { color: 'red' })} />
        <KeyHints hints={hints} width={width} />
      </Box>
    );
  }
  if (state.kind !== 'down') return null;
  const rows = guidanceScreenRows(state, width);
  return (
    <Box flexDirection="column">
      <Rows rows={rows} height={Math.max(3, height - 2)} />
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}
