// What the benches share for reading their figures.

/** The middle of a sample (the upper one of an even count; NaN for none): one slow outlier moves it not at all. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
