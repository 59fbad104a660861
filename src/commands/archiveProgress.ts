// The progress of an archive update on stderr: a bar redrawn in place on a terminal once there is
// much to index (embedding a large set takes minutes), nothing elsewhere; the summary line follows.
import cliProgress from 'cli-progress';
import { color } from '../term.js';
import type { UpdateReport } from '../archive/archive.js';

/** Fewer documents than this are indexed before a bar would have drawn twice. */
const BAR_FROM = 200;

export function updateProgress(stream: NodeJS.WriteStream = process.stderr): { progress: (done: number, total: number) => void; stop: () => void } {
  let bar: cliProgress.SingleBar | undefined;
  return {
    progress(done, total) {
      if (!stream.isTTY || total < BAR_FROM) return;
      if (!bar) {
        bar = new cliProgress.SingleBar(
          { stream, format: 'indexing [{bar}] {value}/{total} · ETA {eta_formatted}', barsize: 30, hideCursor: true, linewrap: false, fps: 5 },
          cliProgress.Presets.legacy,
        );
        bar.start(total, done);
      } else bar.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}

/**
 * The archive update a command put off until its answer was out (openArchive's `later`): run now,
 * its fallback or its failure said in one line, never the answer's failure.
 */
export async function finishLater(later: (() => Promise<UpdateReport>) | undefined): Promise<void> {
  if (!later) return;
  await later().then(
    (r) => (r.fallback ? process.stderr.write(`${color.yellow('note:', process.stderr)} ${r.fallback}\n`) : undefined),
    (err: unknown) => process.stderr.write(`${color.yellow('note:', process.stderr)} the archive could not be updated: ${err instanceof Error ? err.message : String(err)}\n`),
  );
}
