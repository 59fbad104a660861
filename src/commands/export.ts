// `simcoach export ID|FILE [--format md|json] [-o FILE]`: a saved session as a report.
import { writeFile } from 'node:fs/promises';
import { parse } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { findSession } from '../session/index.js';
import { toMarkdown } from '../session/markdown.js';
import { buildReport } from '../session/report.js';
import { Timeline } from '../session/timeline.js';
import { color } from '../terminal/term.js';
import { visibleControls } from '../terminal/printable.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'export');
  if (positionals.length !== 1) throw new UsageError('export takes one session id or file');
  const format = values.format ?? (values.output?.endsWith('.json') ? 'json' : 'md');
  if (format !== 'md' && format !== 'json') throw new UsageError(`export: --format is md or json, not '${format}'`);
  const tl = await Timeline.open(await findSession(positionals[0]!));
  const report = buildReport(tl);
  // A session holds text from the model and the problem's author: shown, never acted on (a lone \r
  // or an escape sequence in a program would hide a line from a reader of the report).
  const text = visibleControls(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : toMarkdown(report));
  for (const w of tl.warnings) process.stderr.write(`${color.yellow('warning:', process.stderr)} ${w}\n`);
  if (!values.output || values.output === '-') {
    process.stdout.write(text);
    return EXIT.ok;
  }
  try {
    await writeFile(values.output, text);
  } catch (err) {
    throw new UserError(`cannot write ${values.output}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  process.stderr.write(`wrote ${values.output}\n`);
  return EXIT.ok;
}
