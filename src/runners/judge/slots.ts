// One queue of CPU slots for every judged test in this process: however many programs are judged
// at once (`eval --jobs N` runs N sessions), no more tests run together than there are cores.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

export const cpuSlots = pLimit(availableParallelism());
