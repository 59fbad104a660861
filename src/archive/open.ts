// The archive as a command or a session uses it: opened, brought in step with the problems and
// sessions on disk, with the embedder the settings name (none: full text only).
import type { BaseSettings } from '../settings/schema.js';
import { createBackend } from '../llm/index.js';
import { Archive, type UpdateReport } from './archive.js';
import { embedderOf, type Embedder } from './embedder.js';

export interface OpenArchive {
  archive: Archive;
  embedder?: Embedder;
  report: UpdateReport;
  /**
   * With `deferUpdate`: the update the archive still needs, for the caller to run once its
   * answer is out (undefined when nothing changed). The archive answers meanwhile as it stands.
   */
  later?: () => Promise<UpdateReport>;
}

export async function openArchive(
  settings: BaseSettings,
  o: { progress?: (done: number, total: number) => void; signal?: AbortSignal; deferUpdate?: boolean } = {},
): Promise<OpenArchive> {
  const embedder = settings.embedModel ? embedderOf(await createBackend(settings), settings.embedModel) : undefined;
  const archive = await Archive.open();
  const extra = embedder ? { embedder } : {};
  if (archive.isCurrent(embedder))
    return { archive, report: { added: 0, removed: 0, total: archive.count, skipped: [] }, ...extra };
  // An empty archive (the first use, or one being built again) has nothing to answer with yet.
  if (o.deferUpdate && archive.count > 0) {
    const later = (): Promise<UpdateReport> => archive.update(embedder, undefined, o.signal);
    return { archive, report: { added: 0, removed: 0, total: archive.count, skipped: [] }, later, ...extra };
  }
  const report = await archive.update(embedder, o.progress, o.signal);
  return { archive, report, ...extra };
}
