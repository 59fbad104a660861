// The person's own file in the solve screen (`practice --file`, `check SOL --tutor`): saves heard
// through the app's file service (never the file system here), handed in as the person's decision
// where a step waits for their program, kept for the next turn, or starting the flow again, as
// ownFileSave.ts decides. Its latest text is kept for the built-in editor to open on.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OwnFile } from '../../app/controller.js';
import type { Decision, Proposal, StepId } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { saveAction, saveNotice, takesFile } from '../../components/ownFileSave.js';

type Notice = { text: string; tone?: 'red' | 'yellow' | 'green' };

export interface OwnFileScreen {
  file?: OwnFile;
  flow: string;
  proposal?: Proposal;
  ended: boolean;
  decide(step: StepId, d: Decision): void;
  again?(program: Program): void;
  notice(n: Notice): void;
}

export interface OwnFileLevers {
  /** The file's text as last read, saved or written (the template while it does not exist). */
  text?: string;
  /** `E` on the file itself; resolves with its text after the editor. */
  edit(): Promise<string>;
  /** `e`'s text written back to the file. */
  write(text: string): Promise<void>;
}

export function useOwnFile(o: OwnFileScreen): OwnFileLevers | undefined {
  // What the save handler reads: the newest screen, not the one it subscribed under.
  const latest = useRef(o);
  useLayoutEffect(() => {
    latest.current = o;
  });
  const pending = useRef<string | undefined>(undefined);
  const [text, setText] = useState<string | undefined>(undefined);
  const { file } = o;

  useEffect(() => {
    if (!file) return;
    let gone = false;
    void file.read().then(
      (t) => !gone && setText(t),
      () => undefined,
    );
    const stop = file.onSave(
      (saved) => {
        setText(saved);
        const n = latest.current;
        const a = saveAction({ flow: n.flow, ended: n.ended, ...(n.proposal ? { waiting: n.proposal.pane } : {}) });
        n.notice({ text: saveNotice(a, file.name, n.flow) });
        if (a.kind === 'decide' && n.proposal) n.decide(n.proposal.step, { kind: 'edit', content: saved });
        else if (a.kind === 'again') n.again?.({ lang: file.lang as Program['lang'], source: saved });
        else pending.current = saved;
      },
      (message) => latest.current.notice({ text: message, tone: 'red' }),
    );
    return () => {
      gone = true;
      stop();
    };
  }, [file]);

  // A save made while practice was at a hint (or the model answered) is handed in at the next turn.
  useEffect(() => {
    const saved = pending.current;
    if (saved === undefined || !o.proposal || !takesFile(o.proposal.pane)) return;
    pending.current = undefined;
    o.decide(o.proposal.step, { kind: 'edit', content: saved });
    // Only a new proposal hands it in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [o.proposal]);

  if (!file) return undefined;
  return {
    ...(text !== undefined ? { text } : {}),
    edit: () => file.edit().then((t) => (setText(t), t)),
    write: (t) => file.write(t).then(() => setText(t)),
  };
}
