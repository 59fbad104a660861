// The doctor's guidance at 80 columns wraps at word boundaries, in the CLI (formatGuidance with
// the terminal's width) and on the tutor's guidance screen: no line is wider than the terminal,
// and every word of the guidance is there whole.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/settings/load.js';
import { formatGuidance, guidanceFor } from '../../src/llm/guidance.js';
import { GuidanceScreen } from '../../src/screens/Guidance.js';

const settings = resolveSettings({ model: 'qwen2.5-coder:7b-instruct-q4_K_M' });
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
const given = (g: ReturnType<typeof guidanceFor>): string[] =>
  words([g.headline, ...g.sections.flatMap((s) => [s.title, ...s.lines])].join(' '));

describe('the guidance at 80 columns', () => {
  it('the CLI text: every line fits 80 columns and every word is whole; continuations hang under the command', () => {
    const g = guidanceFor({ ...settings, backend: 'ollama' }, undefined);
    const plain = formatGuidance(g);
    expect(plain.split('\n').some((l) => l.length > 80)).toBe(true); // what the terminal would break mid-word
    const text = formatGuidance(g, undefined, 80);
    for (const l of text.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(words(text)).toEqual(given(g));
    // A note that does not fit beside its command goes whole on the row below, not broken under it.
    expect(text).toContain(
      '\n  simcoach config set openaiBaseUrl http://127.0.0.1:1234/v1\n      (or --base-url URL for one run)\n',
    );
    expect(text).toContain(
      '\n  ollama pull qwen2.5-coder:7b-instruct-q4_K_M\n      get the model (or: simcoach models pull NAME)\n',
    );
    // The notes that fit share one column within their section.
    const columnOf = (cmd: string): number =>
      /^( {2}\S.*?\S {2,})\S/.exec(text.split('\n').find((l) => l.startsWith(`  ${cmd}`))!)![1]!.length;
    expect(columnOf('ollama serve')).toBe(columnOf('simcoach --host'));
    expect(columnOf('simcoach demo')).toBe(columnOf('simcoach test FILE'));
  });

  it('the tutor screen at 80x24: every section, to the last command, fits above the keys', () => {
    const g = guidanceFor({ ...resolveSettings({}), backend: 'ollama' }, undefined);
    const frame = render(
      <GuidanceScreen
        state={{ kind: 'down', guidance: g, modelMissing: false, model: 'qwen2.5-coder:7b', short: 'model off' }}
        width={80}
        height={24}
        onRetry={() => {}}
        onPull={() => {}}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    ).lastFrame()!;
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    expect(frame).toContain('simcoach doctor');
    expect(frame).toMatch(/R check again/);
  });

  it('the tutor screen: the same, drawn by Ink at 80 columns', () => {
    const g = guidanceFor({ ...settings, backend: 'ollama' }, undefined);
    const frame = render(
      <GuidanceScreen
        state={{ kind: 'down', guidance: g, modelMissing: false, model: settings.model, short: 'model off' }}
        width={80}
        height={60}
        onRetry={() => {}}
        onPull={() => {}}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    ).lastFrame()!;
    for (const l of frame.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
    const shown = words(frame.split('\n').slice(0, -1).join('\n'));
    expect(shown).toEqual(given(g));
  });
});
