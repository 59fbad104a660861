import { Box } from 'ink';
import { LineInput } from '../../components/Editor.js';
import { Rows, type Row } from '../../components/rows.js';

/** The proposal with a one-line note under it: why it is rejected, or what the new answer should do. */
export function NoteInput({
  rows,
  offset,
  height,
  width,
  cancelled,
  initial,
  onSubmit,
  onCancel,
}: {
  rows: Row[];
  offset: number;
  height: number;
  width: number;
  cancelled: boolean;
  initial?: string;
  onSubmit(note: string): void;
  onCancel(): void;
}) {
  return (
    <Box flexDirection="column">
      <Rows rows={rows} from={offset} height={Math.max(1, height - 1)} />
      <LineInput
        label={cancelled ? 'note for the new answer:' : 'what is wrong:'}
        width={width}
        initial={initial ?? ''}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </Box>
  );
}

export const NOTE_HINTS = [
  { key: 'enter', label: 'reject with this note' },
  { key: 'esc', label: 'cancel' },
];
