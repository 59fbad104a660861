import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { KeyHints } from '../components/KeyHints.js';
import { LineInput } from '../components/Editor.js';
import { cut } from '../components/rows.js';
import { tone } from '../components/theme.js';
import type { AppController, SettingsView } from '../app/controller.js';

interface Field {
  key: string;
  label: string;
  value: string;
  /** Choices to pick from; absent = typed. */
  choices?: () => Promise<string[]> | string[];
}

function fieldsOf(s: SettingsView, app: AppController['settings']): Field[] {
  const c = app.choices();
  return [
    { key: 'backend', label: 'backend', value: s.backend, choices: () => c.backends },
    { key: s.backend === 'ollama' ? 'ollamaHost' : 'openaiBaseUrl', label: 'server', value: s.host },
    { key: 'model', label: 'model', value: s.model, choices: () => app.models() },
    { key: 'flow', label: 'flow', value: s.flow, choices: () => c.flows.map((f) => f.name) },
    { key: 'lang', label: 'language', value: s.lang, choices: () => c.langs },
    { key: 'approval', label: 'approval', value: s.approval, choices: () => c.approvals },
    ...s.budgets.map((b) => ({
      key: b.key,
      label: b.label,
      value: b.value,
      ...(b.choices ? { choices: () => b.choices ?? [] } : {}),
    })),
  ];
}

/** Settings: ↑↓ to a field, enter to change it (a list to pick from, or a value to type). */
export function SettingsScreen({
  app,
  width,
  height,
  onClose,
}: {
  app: AppController['settings'];
  width: number;
  height: number;
  onClose(): void;
}) {
  const [view, setView] = useState(() => app.get());
  const [at, setAt] = useState(0);
  // Keys can come faster than frames (key repeat, a loaded machine): each reads and moves the
  // cursor here, not the `at` of the last frame, so no key is applied to a stale position.
  const cursor = useRef(0);
  const moveTo = (i: number): void => {
    cursor.current = Math.max(0, Math.min(fields.length - 1, i));
    setAt(cursor.current);
  };
  // The same for the choice picked in an open list.
  const picked = useRef(0);
  const pickAt = (i: number): void => {
    const n = editing?.choices?.length ?? 1;
    picked.current = Math.max(0, Math.min(n - 1, i));
    setEditing((e) => (e ? { ...e, pick: picked.current } : e));
  };
  const [editing, setEditing] = useState<{ field: Field; choices?: string[]; pick: number } | undefined>();
  const [message, setMessage] = useState<{ text: string; bad: boolean } | undefined>();
  const fields = fieldsOf(view, app);

  const save = (key: string, value: string): void => {
    // Typed as the key takes it ("5" → 5, "false" → false) by the settings layer.
    app
      .save(key, value)
      .then(() => {
        setView(app.get());
        setMessage({ text: `saved ${key} = ${value}`, bad: false });
      })
      .catch((err: unknown) => setMessage({ text: err instanceof Error ? err.message : String(err), bad: true }));
    setEditing(undefined);
  };

  useEffect(() => setMessage(undefined), [at]);

  useInput(
    (input, key) => {
      if (editing?.choices) {
        if (key.escape) return setEditing(undefined);
        if (key.upArrow) return pickAt(picked.current - 1);
        if (key.downArrow) return pickAt(picked.current + 1);
        if (key.return) {
          const v = editing.choices[picked.current];
          return v === undefined ? setEditing(undefined) : save(editing.field.key, v);
        }
        return;
      }
      if (key.escape || input === 'q' || input === 's') return onClose();
      if (key.upArrow) return moveTo(cursor.current - 1);
      if (key.downArrow) return moveTo(cursor.current + 1);
      if (key.return) {
        const field = fields[Math.min(cursor.current, fields.length - 1)]!;
        if (!field.choices) return setEditing({ field, pick: 0 });
        setMessage({ text: 'loading choices…', bad: false });
        Promise.resolve(field.choices())
          .then((choices) => {
            setMessage(choices.length ? undefined : { text: 'nothing to choose from (is the server up?)', bad: true });
            picked.current = Math.max(0, choices.indexOf(field.value));
            if (choices.length) setEditing({ field, choices, pick: picked.current });
          })
          .catch((err: unknown) => setMessage({ text: err instanceof Error ? err.message : String(err), bad: true }));
      }
    },
    { isActive: !(editing && !editing.choices) },
  );

  const labelWidth = Math.max(...fields.map((f) => f.label.length)) + 2;
  const listHeight = Math.max(3, height - 4);
  return (
    <Box flexDirection="column">
      <Text bold>Settings</Text>
      {editing?.choices
        ? editing.choices
            .slice(Math.max(0, editing.pick - listHeight + 1), Math.max(0, editing.pick - listHeight + 1) + listHeight)
            .map((c) => (
              <Text key={c} inverse={c === editing.choices![editing.pick]} wrap="truncate-end">
                {cut(`  ${c}`, width)}
              </Text>
            ))
        : fields.slice(0, listHeight).map((f, i) => (
            <Text key={f.key} inverse={i === at} wrap="truncate-end">
              {cut(`${i === at ? '›' : ' '} ${f.label.padEnd(labelWidth)}${f.value}`, width)}
            </Text>
          ))}
      {editing && !editing.choices ? (
        <LineInput
          label={`${editing.field.label}:`}
          initial={editing.field.value}
          width={width}
          onSubmit={(v) => save(editing.field.key, v)}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {message ? (
        <Text color={tone(message.bad ? 'red' : 'green')} wrap="truncate-end">
          {cut(message.text, width)}
        </Text>
      ) : null}
      <KeyHints
        hints={
          editing
            ? [
                { key: '↑↓', label: 'choose' },
                { key: 'enter', label: 'save' },
                { key: 'esc', label: 'cancel' },
              ]
            : [
                { key: '↑↓', label: 'field' },
                { key: 'enter', label: 'change' },
                { key: 'esc', label: 'back' },
              ]
        }
        width={width}
      />
    </Box>
  );
}
