// Where the programs accepted outside a tutor session are kept (accepted.ts): its own module, so
// that a kept answer (keptAnswer.ts) can stamp the file while loading nothing but the paths.
import { join } from 'node:path';
import { dataDir } from '../system/paths.js';

export const acceptedFile = (): string => join(dataDir(), 'accepted.jsonl');
