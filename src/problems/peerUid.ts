// Who is at the other end of a loopback TCP connection, as identd tells it: on Linux every socket
// of this network namespace is a line of /proc/net/tcp (or tcp6) with its local and remote
// address:port and the uid that made it. The peer's socket is the line whose local end is our
// remote end and whose remote end is our local end.
import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';

export const PEER_TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];
/** A closed socket lingers in TIME_WAIT with uid 0 and no inode: it is nobody's. */
const TIME_WAIT = '06';

/** An address as the 16 bytes of IPv6 (IPv4 as ::ffff:a.b.c.d), or null when it is not one. */
function bytesOf(address: string): number[] | null {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(address);
  if (v4) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4.slice(1).map(Number)];
  if (!address.includes(':') || address.includes('.')) return null;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const words = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = words(head);
  const t = words(tail);
  const all = tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  if (all.length !== 8 || all.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffff)) return null;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

/** A /proc/net/tcp{,6} address (`0100007F:1F90`: 32-bit words in host order) as bytes and port. */
function procAddress(text: string): { bytes: number[]; port: number } | null {
  const [hex, port] = text.split(':');
  if (!hex || !port || (hex.length !== 8 && hex.length !== 32)) return null;
  const little = endianness() === 'LE';
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 8) {
    const word = [0, 2, 4, 6].map((j) => parseInt(hex.slice(i + j, i + j + 2), 16));
    bytes.push(...(little ? word.reverse() : word));
  }
  return {
    bytes: bytes.length === 4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...bytes] : bytes,
    port: parseInt(port, 16),
  };
}

const same = (a: { bytes: number[]; port: number }, b: { bytes: number[]; port: number }): boolean =>
  a.port === b.port && a.bytes.every((x, i) => x === b.bytes[i]);

export interface Ends {
  localAddress?: string;
  localPort?: number;
  remoteAddress?: string;
  remotePort?: number;
}

/**
 * The uid of the process at the other end of `socket` (our end of an accepted loopback
 * connection); null when no live socket matches (it closed already); undefined when this system
 * has no such table to ask (not Linux, or /proc not mounted).
 */
export async function peerUid(socket: Ends, tables: string[] = PEER_TABLES): Promise<number | null | undefined> {
  const ours = bytesOf(socket.localAddress ?? '');
  const theirs = bytesOf(socket.remoteAddress ?? '');
  if (!ours || !theirs || socket.localPort === undefined || socket.remotePort === undefined) return null;
  const peerLocal = { bytes: theirs, port: socket.remotePort };
  const peerRemote = { bytes: ours, port: socket.localPort };
  let readable = false;
  for (const table of tables) {
    const text = await readFile(table, 'latin1').catch(() => null);
    if (text === null) continue;
    readable = true;
    for (const line of text.split('\n').slice(1)) {
      // sl local rem st tx:rx tr:when retrnsmt uid timeout inode
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] === TIME_WAIT || f[9] === '0') continue;
      const local = procAddress(f[1]!);
      const remote = procAddress(f[2]!);
      if (local && remote && same(local, peerLocal) && same(remote, peerRemote)) return Number(f[7]);
    }
  }
  return readable ? null : undefined;
}

/** Whether this system can tell who connects (for `doctor`). */
export async function peersKnown(tables: string[] = PEER_TABLES): Promise<boolean> {
  for (const table of tables) if ((await readFile(table, 'latin1').catch(() => null)) !== null) return true;
  return false;
}
