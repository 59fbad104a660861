// A vitest reporter that names, after the run, the ten test files that took longest (their tests
// and hooks, plus setup and import): where a suite that must stay under its time budget on two
// shared cores grows, this says which file to look at first.
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/** A file's time: its tests and hooks, plus setup and import. */
function fileMs(m: TestModule): number {
  const d = m.diagnostic();
  return d.duration + d.setupDuration + d.collectDuration + d.prepareDuration + d.environmentSetupDuration;
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => ({ file: m.relativeModuleId, ms: fileMs(m) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.file}`);
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
