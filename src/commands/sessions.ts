// `simcoach sessions [rm ID] [--json]`: the saved sessions, newest first.
import { parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { sessionsDir } from '../system/paths.js';
import { humanSize, shortDate } from '../session/format.js';
import { listSessions, removeSession, uniquePrefixLength, type SessionSummary } from '../session/index.js';
import { languageText, withEndLanguages } from '../session/language.js';
import { color } from '../terminal/term.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, type Column } from '../terminal/table.js';

const verdictText = (s: SessionSummary): string => {
  switch (s.verdict) {
    case 'accepted':
      return color.green('accepted');
    case 'samples pass':
    case 'samples only':
      return color.yellow(s.verdict);
    case 'incomplete':
      return color.yellow('incomplete');
    case 'stopped':
      return color.dim('stopped');
    default:
      return color.red(s.verdict);
  }
};

// The problem is the id a person pastes back (`solve`, `practice`): never cut. A model's name
// (`qwen2.5-coder:7b`) is kept whole up to 20 columns: size and then steps go, and the date its
// year, before it is cut (at 80 columns it was `qwen2.5…`).
const COLUMNS: Column[] = [
  { head: 'DATE' },
  { head: 'ID' },
  { head: 'PROBLEM', id: true, min: 8 },
  { head: 'FLOW' },
  { head: 'LANG', give: 'clip', min: 6 },
  { head: 'MODEL', give: 'clip', min: 20 },
  { head: 'STEPS', align: 'right', optional: true },
  { head: 'RESULT' },
  { head: 'SIZE', align: 'right', optional: true },
];

/** Below this width the date leaves out its year (`12-02 10:00`), so the model's name fits whole. */
const YEARLESS_BELOW = 90;

function printTable(sessions: SessionSummary[]): void {
  const idLen = uniquePrefixLength(sessions.map((s) => s.id));
  const width = listWidth();
  const rows = sessions.map((s) => [
    width < YEARLESS_BELOW ? shortDate(s.createdAt).slice(5) : shortDate(s.createdAt),
    color.cyan(s.id.slice(0, idLen)),
    s.label ? `${printableLine(s.problem)} ${color.dim('(demo)')}` : printableLine(s.problem),
    printableLine(s.flow),
    // The language it ended in; "cpp → python" when the person switched it at a gate.
    printableLine(s.langs ? languageText(s.langs, { names: false }) : s.lang),
    printableLine(s.model),
    String(s.steps),
    verdictText(s),
    humanSize(s.size),
  ]);
  process.stdout.write(`${renderTable(COLUMNS, rows, { width, head: (h) => color.bold(h) }).join('\n')}\n`);
}

async function list(json: boolean): Promise<number> {
  const listed = await listSessions();
  const sessions = await withEndLanguages(listed.sessions);
  const { unreadable } = listed;
  if (json) {
    process.stdout.write(`${JSON.stringify(sessions, null, 2)}\n`);
  } else if (sessions.length === 0) {
    process.stdout.write(`No saved sessions yet (they are kept in ${sessionsDir()}).\n`);
  } else {
    printTable(sessions);
  }
  for (const u of unreadable) process.stderr.write(`${color.yellow('warning:', process.stderr)} skipped ${u.reason}\n`);
  return EXIT.ok;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'sessions');
  const [sub, ...rest] = positionals;
  if (sub === undefined) return list(Boolean(values.json));
  if (sub !== 'rm')
    throw new UsageError(`sessions: unknown subcommand '${sub}' (use \`sessions\` or \`sessions rm ID\`)`);
  if (rest.length !== 1) throw new UsageError('sessions rm takes one session id');
  const file = await removeSession(rest[0]!);
  process.stdout.write(`removed ${file}\n`);
  return EXIT.ok;
}
