/**
 * A confidence as an integer 0..100 from whatever the model wrote. How each form reads:
 *   85, "85", "85%", "85 percent"         → 85   (a number or a percentage as it is)
 *   "85/100", "Score: 4/5", "4 out of 5"  → 85, 80, 80   (a fraction of its denominator)
 *   "8.5/10"                              → 85
 *   0.85, "0.85"                          → 85   (a bare decimal below 1 is a probability)
 *   "70-80%", "70 to 80"                  → 75   (a range reads as its middle)
 *   "eighty-five", "a hundred percent"    → 85, 100   (number words 0..100)
 *   "150", "-3"                           → 100, 0   (clamped)
 * The first number (or range, or fraction) in the text counts. Undefined when there is none
 * ("high" is not a number).
 */
export function parsePercent(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? clampPercent(v > 0 && v < 1 ? v * 100 : v) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = digitsForWords(v.toLowerCase());
  const NUM = String.raw`(\d+(?:\.\d+)?)`;
  const range = new RegExp(String.raw`${NUM}\s*%?\s*(?:-|–|—|to)\s*${NUM}\s*(%|percent|per\s*cent)?`).exec(s);
  const one = new RegExp(String.raw`(-)?${NUM}\s*(?:(%|percent\b|per\s*cent\b)|(?:\/|out\s+of\b|of\b)\s*${NUM})?`).exec(
    s,
  );
  if (!one) return undefined;
  if (range && range.index <= one.index && !range[0].includes('/')) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (b > a) return clampPercent((a + b) / 2);
  }
  const [, minus, num, percent, of] = one;
  let n = Number(num) * (minus ? -1 : 1);
  if (of !== undefined && Number(of) > 0) n = (n / Number(of)) * 100;
  else if (percent === undefined && n > 0 && n < 1) n *= 100;
  return clampPercent(n);
}

export const clampPercent = (n: number): number => Math.min(100, Math.max(0, Math.round(n)));

// Number words up to a hundred: a table of 30 words needs no library (the one on npm drags in
// babel-runtime 6 and fuzzy matching).
const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "eighty-five percent" → "85 percent", "a hundred" → "100", "four out of five" → "4 out of 5". */
export function digitsForWords(text: string): string {
  const unit = UNITS.join('|');
  return text
    .replace(/\b(?:(?:one|a)\s+)?hundred\b/g, '100')
    .replace(
      new RegExp(String.raw`\b(${TENS.slice(2).join('|')})(?:[\s-]+(${UNITS.slice(1, 10).join('|')}))?\b`, 'g'),
      (_m, t: string, u?: string) => String(TENS.indexOf(t) * 10 + (u ? UNITS.indexOf(u) : 0)),
    )
    .replace(new RegExp(String.raw`\b(${unit})\b`, 'g'), (w: string) => String(UNITS.indexOf(w)));
}
