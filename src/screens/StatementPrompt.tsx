// Before the first model step on a problem that came without its statement: the model must not
// plan from a title and a link. The statement is downloaded from the judge when simcoach knows it
// (and the network works); otherwise the person pastes it, here or in $EDITOR, and it is kept in
// the problem's file.
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { Editor } from '../components/Editor.js';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { cut, Rows, textRows } from '../components/rows.js';
import { tone } from '../components/theme.js';
import type { AppController, StatementSource } from '../app/controller.js';
import type { Problem } from '../problems/types.js';

export interface StatementPromptProps {
  problem: Problem;
  source: StatementSource;
  app: Pick<AppController, 'editExternally'>;
  width: number;
  height: number;
  /** The problem with its statement: the session may start. */
  onReady(problem: Problem): void;
  onCancel(): void;
}

type Mode = 'fetching' | 'ask' | 'edit' | 'saving';

export function StatementPrompt({ problem, source, app, width, height, onReady, onCancel }: StatementPromptProps) {
  const judge = source.judge(problem);
  const [mode, setModeState] = useState<Mode>(judge ? 'fetching' : 'ask');
  const modeNow = useRef<Mode>(mode);
  // The key that closed the editor was the editor's: every input listener hears the same read.
  const editorsKey = useRef(false);
  const setMode = (m: Mode): void => {
    if (modeNow.current === 'edit' && m !== 'edit') {
      editorsKey.current = true;
      queueMicrotask(() => (editorsKey.current = false));
    }
    modeNow.current = m;
    setModeState(m);
  };
  const [note, setNote] = useState<{ text: string; tone?: 'red' | 'yellow' } | undefined>();
  const [draft, setDraft] = useState('');
  const [tries, setTries] = useState(0);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  useEffect(() => {
    if (mode !== 'fetching') return;
    source.fetch(problem).then(
      (r) => {
        if (!live.current) return;
        if (r.ok) return onReady(r.problem);
        setNote({ text: r.message, tone: 'yellow' });
        setMode('ask');
      },
      (err: unknown) => {
        if (!live.current) return;
        setNote({ text: err instanceof Error ? err.message : String(err), tone: 'red' });
        setMode('ask');
      },
    );
    // Fetch once per request (f asks again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, tries]);

  const keep = (text: string): void => {
    setDraft(text);
    if (text.trim() === '') {
      setNote({ text: 'nothing was pasted: the model still has no statement to plan from', tone: 'yellow' });
      return setMode('ask');
    }
    setMode('saving');
    source.paste(problem, text).then(
      (r) => live.current && onReady(r.problem),
      (err: unknown) => {
        if (!live.current) return;
        setNote({
          text: `could not keep the statement: ${err instanceof Error ? err.message : String(err)}`,
          tone: 'red',
        });
        setMode('ask');
      },
    );
  };

  useInput((input, key) => {
    const m = modeNow.current;
    if (m === 'edit' || m === 'saving' || editorsKey.current) return;
    if (key.escape || input === 'q') return onCancel();
    if (m !== 'ask') return;
    if (key.return || input === 'e') return setMode('edit');
    if (input === 'E') {
      app
        .editExternally(draft)
        .then(keep, (err: unknown) =>
          setNote({ text: `the editor failed: ${err instanceof Error ? err.message : String(err)}`, tone: 'red' }),
        );
      return;
    }
    if (input === 'f' && judge) {
      setNote(undefined);
      setTries((n) => n + 1);
      return setMode('fetching');
    }
  });

  const file = problem.source?.file;
  const header = (
    <Text bold color={tone('cyan')} wrap="truncate-end">
      {cut(`▸ ${problem.title}: the statement first`, width)}
    </Text>
  );
  if (mode === 'edit') {
    return (
      <Box flexDirection="column">
        {header}
        <Editor
          initial={draft}
          width={width}
          height={Math.max(3, height - 3)}
          title="Paste the statement (markdown; $…$ for math)"
          onSave={keep}
          onCancel={() => setMode('ask')}
        />
      </Box>
    );
  }
  const why = `${problem.title} came with samples and limits but no statement (Competitive Companion sends no more). The model plans from the statement, so it needs one before the first step.`;
  const where = file ? `It is kept in ${file}, under the title.` : 'It is kept for this session.';
  const hints: Hint[] =
    mode === 'ask'
      ? [
          { key: 'enter', label: 'paste it here' },
          { key: 'E', label: 'in $EDITOR' },
          ...(judge ? [{ key: 'f', label: `download from ${judge}` }] : []),
          { key: 'esc', label: 'back' },
        ]
      : [{ key: 'esc', label: 'back' }];
  const status =
    mode === 'fetching'
      ? `downloading the statement from ${judge}…`
      : mode === 'saving'
        ? 'keeping the statement…'
        : '';
  return (
    <Box flexDirection="column">
      {header}
      <Rows
        rows={[
          ...textRows(why, width),
          ...textRows(where, width, { dim: true }),
          ...(problem.source?.url ? textRows(`page: ${problem.source.url}`, width, { dim: true }) : []),
        ]}
      />
      <Text> </Text>
      {status ? <Text dimColor>{cut(status, width)}</Text> : null}
      {note ? <Rows rows={textRows(note.text, width, note.tone ? { color: note.tone } : {})} /> : null}
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}
