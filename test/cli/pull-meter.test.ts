// The pull progress bar on a terminal: one redrawn line with bytes, percent and speed.
import { describe, expect, it } from 'vitest';
import { PullMeter, formatBytes, formatDuration } from '../../src/commands/shared/pullMeter.js';

function fakeTerminal(): { out: NodeJS.WriteStream; text: () => string } {
  let written = '';
  const out = {
    isTTY: true,
    columns: 100,
    write: (s: string) => ((written += s), true),
  } as unknown as NodeJS.WriteStream;
  return { out, text: () => written };
}

describe('PullMeter on a terminal', () => {
  it('redraws one line with a bar, percent, bytes and speed, then moves below it', () => {
    const term = fakeTerminal();
    let now = 0;
    const meter = new PullMeter('qwen2.5-coder:7b', term.out, () => now);
    meter.update({ status: 'pulling manifest' });
    for (let i = 1; i <= 4; i++) {
      now += 1000;
      meter.update({
        status: 'pulling 2bada8a74506',
        digest: 'sha256:2bada8a74506',
        total: 4_000_000_000,
        completed: i * 1_000_000_000,
      });
    }
    now += 1000;
    meter.update({ status: 'success' });
    meter.finish();
    const frames = term.text().split('\r\u001b[2K').filter(Boolean);
    expect(frames[0]).toBe('qwen2.5-coder:7b: pulling manifest');
    expect(frames).toContain(
      `qwen2.5-coder:7b ${'█'.repeat(12)}${'░'.repeat(12)}  50%  2.0 GB / 4.0 GB  1.0 GB/s  2s left`,
    );
    expect(frames).toContain(`qwen2.5-coder:7b ${'█'.repeat(24)} 100%  4.0 GB / 4.0 GB  1.0 GB/s`);
    expect(term.text().endsWith('qwen2.5-coder:7b: success\n')).toBe(true);
  });

  it('adds up several layers', () => {
    const term = fakeTerminal();
    let now = 0;
    const meter = new PullMeter('m', term.out, () => now);
    meter.update({ status: 'pulling a', digest: 'a', total: 300, completed: 300 });
    now += 200;
    meter.update({ status: 'pulling b', digest: 'b', total: 100, completed: 0 });
    expect(term.text()).toContain(' 75%  300 B / 400 B');
  });

  it('formats the time left', () => {
    expect([0.2, 45, 185, 3720].map(formatDuration)).toEqual(['1s', '45s', '3m05s', '1h02m']);
  });

  it('formats sizes in decimal units as Ollama does', () => {
    expect([0, 999, 1000, 4_683_087_332, 12_345_678].map(formatBytes)).toEqual([
      '-',
      '999 B',
      '1.0 KB',
      '4.7 GB',
      '12.3 MB',
    ]);
  });
});
