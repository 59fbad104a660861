// The engine's public face: run a session, watch it, gate it.
export { runSession, type SessionFlow, type SessionOptions, type SessionResult, type StartFrom } from './session.js';
export {
  startSession,
  resumeSession,
  replaySession,
  type StartOptions,
  type ResumeOptions,
  type ReplayOptions,
  type Watch,
} from './start.js';
export {
  EngineEvents,
  type EngineEvent,
  type EngineEventType,
  type EngineListener,
  type ProgressSnapshot,
} from './events.js';
export { createAutoGate, createManualGate, createReplayGate, type ManualGate } from './gates/index.js';
export type { EngineSettings, JudgeFn } from './context.js';
export * from './types.js';
