import { Box } from 'ink';
import { Editor } from '../../components/Editor.js';
import type { EditorState } from '../../components/editorModel.js';
import { Rows, textRows } from '../../components/rows.js';
import type { Proposal } from '../../engine/types.js';

/** The text `e` and `E` edit: the part the next stage receives when the stage forwards one part, else the whole proposal. */
export const editedText = (p: Proposal): string => p.edits?.text ?? p.text;

/** The rest of the answer, which no stage receives: the whole text without the edited part (and its heading). */
export function readOnlyRest(p: Proposal): string {
  if (!p.edits) return '';
  const at = p.text.lastIndexOf(p.edits.text);
  const rest = at >= 0 ? p.text.slice(0, at) + p.text.slice(at + p.edits.text.length) : p.text;
  return rest.replace(/\n#+ [^\n]*\s*$/, '').trim();
}

/**
 * The inline editor over what goes forward: ctrl-s saves it as the person's version, esc goes
 * back. The rest of the answer is shown read-only above it, a third of the height at most.
 */
export function EditStep(props: {
  proposal: Proposal;
  width: number;
  height: number;
  onEdit(text: string): void;
  onCancel(): void;
  initial?: string;
  title?: string;
  start?: EditorState;
  onChange?(s: EditorState): void;
}) {
  const { proposal, width, height, onEdit, onCancel } = props;
  // The person's own file opens as it is on disk, not as the step last saw it.
  const initial = props.initial ?? editedText(proposal);
  const rest =
    props.initial !== undefined
      ? ''
      : proposal.error !== undefined && proposal.template
        ? `the form this step reads:\n${proposal.template}`
        : readOnlyRest(proposal);
  const restRows = rest ? textRows(rest, width, { dim: true }) : [];
  const shownRest = restRows.slice(0, Math.max(0, Math.floor(height / 3) - 1));
  const title =
    props.title ??
    (proposal.edits ? `Editing ${proposal.edits.label} (what the next stage receives)` : `Editing ${proposal.title}`);
  const editorHeight = Math.max(3, height - (shownRest.length > 0 ? shownRest.length + 1 : 0));
  return (
    <Box flexDirection="column">
      {shownRest.length > 0 ? (
        <Rows
          rows={[
            ...shownRest,
            [
              {
                text:
                  restRows.length > shownRest.length
                    ? `… read-only, ${restRows.length - shownRest.length} more rows`
                    : 'read-only',
                dim: true,
              },
            ],
          ]}
        />
      ) : null}
      <Editor
        initial={initial}
        width={width}
        height={editorHeight}
        title={title}
        onSave={(text) => (text === initial ? onCancel() : onEdit(text))}
        onCancel={onCancel}
        {...(props.start ? { start: props.start } : {})}
        {...(props.onChange ? { onChange: props.onChange } : {})}
      />
    </Box>
  );
}
