import { Editor } from '../../components/Editor.js';
import type { Proposal } from '../../engine/types.js';

/** The inline editor over a proposal: ctrl-s saves it as the person's version, esc goes back. */
export function EditStep({ proposal, width, height, onEdit, onCancel }: { proposal: Proposal; width: number; height: number; onEdit(text: string): void; onCancel(): void }) {
  return <Editor initial={proposal.text} width={width} height={height} title={`Editing ${proposal.title}`} onSave={(text) => (text === proposal.text ? onCancel() : onEdit(text))} onCancel={onCancel} />;
}
