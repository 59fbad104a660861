export { createAutoGate } from './auto.js';
export { createReplayGate } from './replay.js';
export { createManualGate, type ManualGate } from './manual.js';
