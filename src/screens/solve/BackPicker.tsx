import { Box, Text } from 'ink';
import { cut } from '../../components/rows.js';
import type { StepRef } from '../../app/sessionView.js';

/** "Back to which step?": the earlier steps of this branch, the picked one in inverse. */
export function BackPicker({
  earlier,
  pick,
  width,
  height,
}: {
  earlier: StepRef[];
  pick: number;
  width: number;
  height: number;
}) {
  const top = Math.max(0, pick - height + 2);
  return (
    <Box flexDirection="column">
      <Text bold>Back to which step? (a new branch; this one is kept)</Text>
      {earlier.slice(top, top + Math.max(1, height - 1)).map((s, i) => (
        <Text key={s.step} inverse={top + i === pick} wrap="truncate-end">
          {cut(`  ${s.step + 1} ${s.title}`, width)}
        </Text>
      ))}
    </Box>
  );
}

export const BACK_HINTS = [
  { key: '↑↓', label: 'choose' },
  { key: 'enter', label: 'go back' },
  { key: 'esc', label: 'cancel' },
];
