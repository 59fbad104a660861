// A model server in front of another that holds every request until the test lets it go: the
// app then stays on its plain first frame (the probe waits) for as long as the test needs.
import http from 'node:http';

export async function heldServer(target: string): Promise<{ url: string; release(): void; close(): void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  const gate = http.createServer((req, res) => {
    void released.then(async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const r = await fetch(`${target}${req.url}`, {
        method: req.method,
        ...(body ? { body } : {}),
        headers: { 'content-type': 'application/json' },
      });
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => gate.listen(0, '127.0.0.1', r));
  const { port } = gate.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: () => {
      gate.closeAllConnections();
      gate.close();
    },
  };
}
