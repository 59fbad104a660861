// Where the programs accepted outside a tutor session are kept (accepted.ts): its own module, so
// that a kept answer (keptAnswer.ts) can stamp the file while loading nothing but the paths.
import { dirname, join } from 'node:path';
import { dataDir } from '../system/paths.js';

const NAME = 'accepted.jsonl';

export const acceptedFile = (): string => join(dataDir(), NAME);

/** The file beside a sessions folder (the data dir holds both): what counts with those journals. */
export const acceptedBeside = (sessions: string): string => join(dirname(sessions), NAME);
