// `simcoach stats` as a chart: one stacked bar per tag and per difficulty — solved with no hint,
// solved with hints, only attempted — scaled to the largest group, with the counts beside it.
// Rendered with Ink (renderToString for stdout), colours through tone() so NO_COLOR holds, and
// the three parts told apart by their glyphs as well, so the chart reads without colour too.
import { Box, Text, renderToString } from 'ink';
import type { Tally } from '../session/practice.js';
import type { TagLearning } from '../session/skill.js';
import { Rows, cut, seg, type Row } from './rows.js';

export const GLYPHS = { noHint: '█', withHints: '▓', attempted: '░' } as const;

const total = (t: Tally): number => t.noHint + t.withHints + t.attempted;

/** One group's bar: each part's share of `barWidth` cells, scaled to the largest group `max`. */
export function tallyRow(t: Tally, max: number, nameWidth: number, barWidth: number): Row {
  const cells = (n: number): number => (max > 0 ? Math.round((n / max) * barWidth) : 0);
  const parts = [
    seg(GLYPHS.noHint.repeat(cells(t.noHint)), { color: 'green' }),
    seg(GLYPHS.withHints.repeat(cells(t.withHints)), { color: 'yellow' }),
    seg(GLYPHS.attempted.repeat(cells(t.attempted)), { color: 'red' }),
  ];
  const used = parts.reduce((n, p) => n + p.text.length, 0);
  const hint = t.withHints > 0 ? ` (mean hint ${t.meanHint.toFixed(1)})` : '';
  return [
    seg(`${cut(t.name, nameWidth).padEnd(nameWidth)} `, { bold: true }),
    ...parts,
    seg(' '.repeat(Math.max(0, barWidth - used))),
    seg(` ${t.noHint} · ${t.withHints} · ${t.attempted}`),
    seg(hint, { dim: true }),
  ];
}

function Section({ title, tallies, width }: { title: string; tallies: Tally[]; width: number }) {
  const nameWidth = Math.min(18, Math.max(4, ...tallies.map((t) => t.name.length)));
  const barWidth = Math.max(10, Math.min(40, width - nameWidth - 32));
  const max = Math.max(0, ...tallies.map(total));
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text bold underline>
        {title}
      </Text>
      <Rows rows={tallies.map((t) => tallyRow(t, max, nameWidth, barWidth))} />
    </Box>
  );
}

export function StatsChart({
  byTag,
  byDifficulty,
  problems,
  width,
}: {
  byTag: Tally[];
  byDifficulty: Tally[];
  problems: number;
  width: number;
}) {
  const legend: Row = [
    seg(`${problems} problem${problems === 1 ? '' : 's'} practised   `),
    seg(GLYPHS.noHint, { color: 'green' }),
    seg(' solved, no hint  '),
    seg(GLYPHS.withHints, { color: 'yellow' }),
    seg(' solved with hints  '),
    seg(GLYPHS.attempted, { color: 'red' }),
    seg(' attempted'),
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Rows rows={[legend, []]} />
      <Section title="by difficulty" tallies={byDifficulty} width={width} />
      <Section title="by tag" tallies={byTag} width={width} />
    </Box>
  );
}

/** The chart as text for stdout (`simcoach stats`), `width` columns wide. */
export const statsText = (props: Parameters<typeof StatsChart>[0]): string =>
  renderToString(<StatsChart {...props} />, { columns: props.width });

/** The estimate's scale in the chart: a bar starts at 800 (Codeforces' lowest problems) and ends at the top estimate. */
const FLOOR = 800;

/** One tag's skill bar: the estimate from FLOOR, the ± 2·RD interval after it in the dim glyph. */
export function skillRow(
  s: Pick<TagLearning, 'tag' | 'rating' | 'rd'>,
  top: number,
  nameWidth: number,
  barWidth: number,
): Row {
  const cells = (r: number): number =>
    Math.max(0, Math.min(barWidth, Math.round(((r - FLOOR) / Math.max(1, top - FLOOR)) * barWidth)));
  const bar = cells(s.rating);
  const low = cells(s.rating - 2 * s.rd);
  return [
    seg(`${cut(s.tag, nameWidth).padEnd(nameWidth)} `, { bold: true }),
    seg(GLYPHS.noHint.repeat(low), { color: 'cyan' }),
    seg(GLYPHS.attempted.repeat(bar - low), { color: 'cyan' }),
    seg(' '.repeat(barWidth - bar)),
    seg(` ${Math.round(s.rating)} ± ${Math.round(2 * s.rd)}`),
  ];
}

/** The skill estimate per tag, weakest first: `simcoach stats` under the practice chart. */
export function SkillChart({ tags, width }: { tags: TagLearning[]; width: number }) {
  const nameWidth = Math.min(18, Math.max(4, ...tags.map((t) => t.tag.length)));
  const barWidth = Math.max(10, Math.min(40, width - nameWidth - 16));
  const top = Math.max(FLOOR + 100, ...tags.map((t) => t.rating + 2 * t.rd));
  return (
    <Box flexDirection="column" width={width}>
      <Text bold underline>
        skill estimate by tag (Glicko, ± 2 RD; ░ the uncertain part)
      </Text>
      <Rows rows={tags.map((t) => skillRow(t, top, nameWidth, barWidth))} />
    </Box>
  );
}

export const skillText = (props: Parameters<typeof SkillChart>[0]): string =>
  renderToString(<SkillChart {...props} />, { columns: props.width });
