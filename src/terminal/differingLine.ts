// Where two outputs part, for the short failure card both `watch` and the Tests pane draw: a leaf,
// so the components can use it without reaching into the runners.

/** Token-wise equal lines, as the default comparison reads them. */
const sameLine = (a: string | undefined, b: string | undefined): boolean =>
  (a ?? '').trim().split(/\s+/).join(' ') === (b ?? '').trim().split(/\s+/).join(' ');

/** The index of the first line where two outputs differ (past the shorter one's end when one is a prefix). */
export function firstDifferingLine(expected: string[], got: string[]): number {
  const n = Math.max(expected.length, got.length);
  for (let i = 0; i < n; i++) if (!sameLine(expected[i], got[i])) return i;
  return 0;
}
