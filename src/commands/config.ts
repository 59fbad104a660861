// `simcoach config get|set|unset|list|path`: the settings file, with every value validated.
import { parse } from '../flags/args.js';
import { settingsPath } from '../settings/file.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';

const USAGE = 'config get KEY | set KEY VALUE | unset KEY | list [--json] | path | template LANG';

const show = (value: unknown): string =>
  value === undefined ? '(unset)' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The validator (zod, the flows' registry): `path` and `template` need none of it. */
const loadConfig = () => import('../settings/load.js');
type Config = Awaited<ReturnType<typeof loadConfig>>;

const shownValue = (c: Config, key: string, value: unknown): string =>
  c.KEY_DOCS[key]?.secret && typeof value === 'string' ? c.mask(value) : show(value);

export async function run(argv: string[]): Promise<number> {
  // After `set KEY` everything is the value, even when it starts with '-' (keepAlive -1, seed -3).
  if (argv[0] === 'set' && argv.length >= 3 && !argv[1]!.startsWith('-')) return set(argv[1]!, argv.slice(2));
  const { values, positionals } = parse(argv, 'config');
  const [action, key, ...rest] = positionals;
  const need = (n: number): void => {
    if (positionals.length !== n) throw new UsageError(`usage: simcoach ${USAGE}`);
  };
  switch (action) {
    case 'path':
      need(1);
      process.stdout.write(`${settingsPath()}\n`);
      return EXIT.ok;
    case 'get': {
      need(2);
      const c = await loadConfig();
      const value = c.getSetting(key ?? '');
      process.stdout.write(`${values.json ? JSON.stringify(value ?? null) : shownValue(c, key ?? '', value)}\n`);
      return EXIT.ok;
    }
    case 'set':
      if (key === undefined || rest.length === 0) throw new UsageError(`usage: simcoach config set KEY VALUE`);
      return set(key, rest);
    case 'unset':
      need(2);
      return unset(key ?? '');
    case 'template':
      need(2);
      return template(key ?? '');
    case 'list':
    case undefined:
      if (positionals.length > 1) throw new UsageError(`usage: simcoach ${USAGE}`);
      return list(Boolean(values.json));
    default:
      throw new UsageError(`config: unknown action '${action}' (get, set, unset, list, path, template)`);
  }
}

/**
 * `config template LANG`: the person's own template for a new file of that language (what
 * `practice --file NEW` starts from), in the config dir; made from the built-in one the first
 * time, then opened in $EDITOR.
 */
async function template(name: string): Promise<number> {
  const { langFromName, langIds } = await import('../runners/languages/langs.js');
  const lang = langFromName(name);
  if (!lang) throw new UsageError(`config template: no language '${name}' (${langIds.join(', ')})`);
  const { ownTemplatePath, builtinTemplate } = await import('../app/ownFile.js');
  const { existsSync } = await import('node:fs');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  const file = ownTemplatePath(lang);
  if (!existsSync(file)) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await builtinTemplate(lang));
  }
  const { runEditor } = await import('../app/editExternally.js');
  await runEditor(file, 'the template is as it was');
  process.stderr.write(`${color.green('✓', process.stderr)} your ${lang} template: ${file}\n`);
  return EXIT.ok;
}

async function unset(key: string): Promise<number> {
  const c = await loadConfig();
  const removed = await c.unsetSetting(key);
  let now: string;
  try {
    now = `is back to ${shownValue(c, key, c.getSetting(key))}`;
  } catch {
    // Another value in the file is still wrong (the next command says which); this one is gone.
    now = removed ? 'is removed from the settings file' : 'was not set';
  }
  process.stderr.write(`${color.green('✓', process.stderr)} ${key} ${now}\n`);
  return EXIT.ok;
}

async function set(key: string, words: string[]): Promise<number> {
  // Several words make one value ("set model my model" is a mistake, but quoting is easy to forget).
  const c = await loadConfig();
  const stored = await c.setSetting(key, words.join(' '));
  process.stderr.write(`${color.green('✓', process.stderr)} ${key} = ${shownValue(c, key, stored)}\n`);
  return EXIT.ok;
}

async function list(json: boolean): Promise<number> {
  const c = await loadConfig();
  const rows = c.listSettings();
  if (json) {
    const out = Object.fromEntries(
      rows.map((r) => [
        r.key,
        { value: r.secret && typeof r.value === 'string' ? c.mask(r.value) : (r.value ?? null), source: r.source },
      ]),
    );
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(...rows.map((r) => r.key.length));
  for (const r of rows) {
    const source = r.source === 'default' ? '' : color.dim(`  (${r.source})`);
    process.stdout.write(`${r.key.padEnd(width)}  ${shownValue(c, r.key, r.value)}${source}\n`);
  }
  process.stdout.write(color.dim(`\nfile: ${settingsPath()}\n`));
  return EXIT.ok;
}
