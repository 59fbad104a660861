// `node --import` this file after load-trace.mjs: when Ink draws the picker (the second
// "Pick a problem" written, the plain frame being the first), a line `-- first Ink frame` goes to
// the SIMCOACH_LOAD_TRACE file. Every module evaluated before that frame had its load hook run
// (and its line written) before, so the lines above the mark are what the frame waited for.
import { appendFileSync } from 'node:fs';

const file = process.env.SIMCOACH_LOAD_TRACE;
const write = process.stdout.write;
let pickers = 0;
process.stdout.write = function marked(chunk, ...rest) {
  if (file && pickers < 2 && String(chunk).includes('Pick a problem') && ++pickers === 2)
    appendFileSync(file, '-- first Ink frame\n');
  return write.call(this, chunk, ...rest);
};
