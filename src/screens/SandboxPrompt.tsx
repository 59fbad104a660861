// Before the first judged run on a machine where no sandbox is accepted (no bubblewrap: macOS, or
// Linux without it): what is missing, how to install it, and the `none` level with its risks. Asked
// once: accepting is kept in the settings; quitting runs nothing.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { KeyHints } from '../components/KeyHints.js';
import { cut, Rows, textRows } from '../components/rows.js';
import { tone } from '../components/theme.js';
import type { SandboxOffer } from '../app/controller.js';

export interface SandboxPromptProps {
  offer: SandboxOffer;
  width: number;
  /** The person accepts `none` (kept in the settings); the promise settles once it is kept. */
  onAccept(): Promise<void>;
  onQuit(): void;
}

export function SandboxPrompt({ offer, width, onAccept, onQuit }: SandboxPromptProps) {
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();
  useInput((input, key) => {
    if (saving) return;
    if (key.escape || input === 'q') return onQuit();
    if (input === 'n') {
      setSaving(true);
      onAccept().catch((err: unknown) => {
        setFailed(`could not keep the choice: ${err instanceof Error ? err.message.split('\n')[0]! : String(err)}`);
        setSaving(false);
      });
    }
  });
  const rows = [
    ...textRows(`simcoach runs your programs in a sandbox, and there is none here: ${offer.missing}.`, width),
    ...textRows('Install bubblewrap and start again:', width),
    ...offer.install.flatMap((line) => textRows(`  ${line}`, width)),
    ...textRows('Or run programs with no sandbox (the `none` level). ' + offer.risks, width, { color: 'yellow' }),
    ...textRows('Your answer is kept in the settings (`simcoach config unset sandbox` asks again).', width, {
      dim: true,
    }),
  ];
  return (
    <Box flexDirection="column">
      <Text bold color={tone('cyan')} wrap="truncate-end">
        {cut('▸ No sandbox for your programs', width)}
      </Text>
      <Rows rows={rows} />
      <Text> </Text>
      {saving ? <Text dimColor>{cut('keeping the choice…', width)}</Text> : null}
      {failed ? <Rows rows={textRows(failed, width, { color: 'red' })} /> : null}
      <KeyHints
        hints={[
          { key: 'n', label: 'run with none, remember' },
          { key: 'q', label: 'quit' },
        ]}
        width={width}
      />
    </Box>
  );
}
