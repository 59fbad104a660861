// Network helpers for tests and benches that need a dead host on loopback.
import { createServer } from 'node:net';

/** A port with nothing listening: bind one, note it, close it. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
