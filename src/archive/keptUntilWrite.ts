// A value read from the index file and kept between queries until the file changes: SQLite's
// `data_version` moves when another connection commits, and this connection's own writes drop
// it (`forget`), so a second query in a process does not read it again.
export class KeptUntilWrite<T> {
  private kept: { version: number; value: T } | undefined;

  constructor(private readonly load: () => T) {}

  /** The value for the file at this `data_version`, read again if it was read at another. */
  at(version: number): T {
    if (this.kept?.version !== version) this.kept = { version, value: this.load() };
    return this.kept.value;
  }

  forget(): void {
    this.kept = undefined;
  }
}
