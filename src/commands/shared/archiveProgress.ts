// The progress of an archive update on stderr: a bar redrawn in place on a terminal once there is
// much to index (embedding a large set takes minutes), nothing elsewhere; the summary line follows.
import cliProgress from 'cli-progress';

/** Fewer documents than this are indexed before a bar would have drawn twice. */
const BAR_FROM = 200;

export function updateProgress(stream: NodeJS.WriteStream = process.stderr): {
  progress: (done: number, total: number) => void;
  stop: () => void;
} {
  let bar: cliProgress.SingleBar | undefined;
  return {
    progress(done, total) {
      if (!stream.isTTY || total < BAR_FROM) return;
      if (!bar) {
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: 'indexing [{bar}] {value}/{total} · ETA {eta_formatted}',
            barsize: 30,
            hideCursor: true,
            linewrap: false,
            fps: 5,
          },
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
