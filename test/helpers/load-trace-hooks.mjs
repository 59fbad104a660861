// The loader hook load-trace.mjs registers (it runs on the loader's own thread).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data?.file;
}

export async function load(url, context, next) {
  const i = url.lastIndexOf('/dist/');
  if (file && url.startsWith('file:') && i >= 0) appendFileSync(file, `${url.slice(i + '/dist/'.length)}\n`);
  return next(url, context);
}
