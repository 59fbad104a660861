// SQLite's blobs read as arrays of 32-bit words (the signs' rowids and bits, the rows' lengths):
// a view where better-sqlite3's buffer is aligned to them, a copy where it is not.

export function uint32s(b: Uint8Array): Uint32Array {
  const own = b.byteOffset % 4 === 0 ? b : new Uint8Array(b);
  return new Uint32Array(own.buffer, own.byteOffset, own.byteLength >>> 2);
}

export function int32s(b: Uint8Array): Int32Array {
  const own = b.byteOffset % 4 === 0 ? b : new Uint8Array(b);
  return new Int32Array(own.buffer, own.byteOffset, own.byteLength >>> 2);
}
