// The pack worker's body, run with `eval` (so dist/ needs no file of its own for it, and the tests
// run it from source alike): each message's JSON texts deflated, sent back as one transferred
// buffer and where each one ends. The same deflate as `packJson` (packer.ts) on the main thread.
export const PACK_WORKER = `
const { parentPort } = require('node:worker_threads');
const { deflateRawSync } = require('node:zlib');
parentPort.on('message', ({ id, jsons }) => {
  const parts = jsons.map((j) => deflateRawSync(j));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const ends = [];
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
    ends.push(at);
  }
  parentPort.postMessage({ id, bytes, ends }, [bytes.buffer]);
});
`;
