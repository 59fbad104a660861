import { resolve } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { numberFlag, parse } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { privateDataDir, problemsDir } from '../system/paths.js';
import { color } from '../terminal/term.js';
import { DEFAULT_PORT, startListener } from '../problems/listener.js';
import { printableLine } from '../terminal/printable.js';
import { resolveSettings } from '../settings/load.js';
import { LANGS } from '../runners/languages/langs.js';
import { openCommand, programFolder, writeProgramFile } from './shared/listenFile.js';

/** `simcoach listen [--port 27121] [--dir DIR]`: saves what Competitive Companion sends until Ctrl-C. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'listen');
  if (positionals.length > 0) throw new UsageError(`listen: unexpected argument '${positionals[0]}'`);
  const port = numberFlag(values.port, 'port') ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, not '${values.port}'`);
  const dir = resolve(values.dir ?? problemsDir());
  try {
    // Saved problems in the data dir are the person's alone; a --dir of their own keeps its modes.
    if (values.dir === undefined) privateDataDir(dir);
    else await mkdir(dir, { recursive: true });
  } catch (err) {
    throw new UserError(`${dir}: cannot create the folder (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }

  const savedSet = values.dir === undefined;
  const settings = resolveSettings({});
  const files = values['no-file']
    ? undefined
    : await programFolder(settings.listen.fileDir, settings.listen.lang ?? settings.lang);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const listener = await startListener({
    port,
    dir,
    log: out,
    warn: (line) => process.stderr.write(`${color.yellow('warning:', process.stderr)} ${line}\n`),
    opened: async (file, p) =>
      files ? writeProgramFile(files, dir, savedSet, file, p) : `open it as: ${openCommand(dir, savedSet, file, p)}`,
    // The statement is downloaded after the problem is saved: a judge that is slow or unknown never loses the samples.
    ...(values.fetch
      ? {
          onSaved: async (file: string, p: { name: string; url: string }) => {
            const { keepStatement } = await import('../problems/statement/save.js');
            const kept = await keepStatement(file, p.url || undefined);
            if (kept.ok) out(`  statement of ${printableLine(p.name)} kept (${kept.statement.judge})`);
            else
              process.stderr.write(
                `${color.yellow('no statement:', process.stderr)} ${printableLine(p.name)}: ${printableLine(kept.failure.message)}; paste it into ${file}\n`,
              );
          },
        }
      : {}),
  });
  out(
    `listening for Competitive Companion on ${listener.addresses.join(' and ')}; saving to ${dir}${files ? `; a ${LANGS[files.lang].name} file per problem in ${files.dir}` : ''}`,
  );
  out(color.dim('Press Ctrl-C to stop.'));

  return new Promise<number>((done) => {
    const stop = (code: number) => () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      listener.close().then(
        () => done(code),
        () => done(code),
      );
    };
    const onInt = stop(EXIT.interrupted);
    const onTerm = stop(EXIT.interrupted);
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}
