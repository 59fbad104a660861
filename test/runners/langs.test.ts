// The language registry is the one list of languages: settings, --lang, the agents' fence tags
// and names, the external editor's file name and a program file's language all follow from it.
import { describe, expect, it } from 'vitest';
import { extractCode, fenced } from '../../src/agents/shared/code.js';
import { KEY_DOCS, settingsSchema } from '../../src/settings/load.js';
import {
  LANGS,
  extensionOf,
  fenceTag,
  langFromName,
  langFromPath,
  langIds,
} from '../../src/runners/languages/langs.js';

describe('the language registry', () => {
  it('gives the settings exactly its languages, the first the default', () => {
    expect(KEY_DOCS.lang?.allowed).toBe(langIds.join(' | '));
    expect(settingsSchema.parse({}).lang).toBe(langIds[0]);
    for (const id of langIds) expect(settingsSchema.safeParse({ lang: id }).success).toBe(true);
    expect(settingsSchema.safeParse({ lang: 'cobol' }).success).toBe(false);
  });

  it('reads every alias and extension it declares, and nothing else', () => {
    for (const id of langIds) {
      const l = LANGS[id];
      expect(l.id).toBe(id);
      for (const name of [id, ...l.aliases]) expect(langFromName(name.toUpperCase()), name).toBe(id);
      // An extension two languages share (.py: Python and PyPy) is the first's; --lang picks the other.
      const first = (ext: string) => langIds.find((other) => LANGS[other].extensions.includes(ext));
      for (const ext of l.extensions) expect(langFromPath(`dir/sol${ext}`), ext).toBe(first(ext));
      expect(extensionOf(id)).toBe(l.extensions[0]);
    }
    expect(langFromPath('x.py')).toBe('python');
    expect(langFromName('cobol')).toBeNull();
    expect(langFromPath('x.cob')).toBeNull();
  });

  it('writes and reads programs in fences tagged as the registry says', () => {
    for (const id of langIds) {
      const source = `${LANGS[id].comment} a program\nx\n`;
      expect(fenced(source, id).startsWith(`\`\`\`${fenceTag(id)}\n`)).toBe(true);
      for (const tag of LANGS[id].fences) {
        const answer = `Here:\n\`\`\`text\nnot it\n\`\`\`\n\`\`\`${tag}\n${source}\`\`\`\nand\n\`\`\`text\nnor this\n\`\`\``;
        expect(extractCode(answer, id), `${id} ${tag}`).toBe(source);
      }
    }
  });
});
