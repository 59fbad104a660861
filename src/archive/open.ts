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
}

export async function openArchive(
  settings: BaseSettings,
  o: { progress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<OpenArchive> {
  const embedder = settings.embedModel ? embedderOf(await createBackend(settings), settings.embedModel) : undefined;
  const archive = await Archive.open();
  const report = await archive.update(embedder, o.progress, o.signal);
  return { archive, report, ...(embedder ? { embedder } : {}) };
}
