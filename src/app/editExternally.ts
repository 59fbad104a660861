// `E`: the proposal in the person's own editor. Raw mode goes off while the editor owns the
// terminal and comes back after; a synchronous run (execaSync) keeps Ink from reading keys meant
// for the editor. execa is loaded when an editor is first opened, so no start pays for it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Runs the person's editor on `file` until it exits; throws one line (ending with `after`) when it cannot start or fails. */
export async function runEditor(file: string, after: string, stdin: NodeJS.ReadStream = process.stdin): Promise<void> {
  const { execaSync } = await import('execa');
  const raw = stdin.isTTY && stdin.isRaw;
  try {
    if (raw) stdin.setRawMode(false);
    // The editor command may carry arguments ("code -w"); the file goes in as "$1", never spliced.
    const r = execaSync('/bin/sh', ['-c', `${editorCommand()} "$1"`, 'simcoach-editor', file], {
      stdio: 'inherit',
      reject: false,
    });
    if (r.exitCode === undefined && r.signal === undefined)
      throw new Error(`could not start ${editorCommand()}: ${r.originalMessage || r.shortMessage}`);
    if (r.exitCode !== 0) throw new Error(`${editorCommand()} exited with status ${r.exitCode ?? r.signal}; ${after}`);
  } finally {
    if (raw) stdin.setRawMode(true);
  }
}

export async function editExternally(
  text: string,
  ext: string,
  stdin: NodeJS.ReadStream = process.stdin,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-edit-'));
  const file = join(dir, `proposal${ext}`);
  writeFileSync(file, text, { mode: 0o600 });
  try {
    await runEditor(file, 'the proposal is unchanged', stdin);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
