// `node --import` this file: every module of dist/ the process loads is appended, one path a
// line (relative to dist/), to the file SIMCOACH_LOAD_TRACE names. A test reads which chunks a
// command really loaded, and the build's metafile says what they hold.
import { register } from 'node:module';

register(new URL('./load-trace-hooks.mjs', import.meta.url), { data: { file: process.env.SIMCOACH_LOAD_TRACE } });
