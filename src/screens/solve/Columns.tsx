import { Box } from 'ink';
import type { ReactNode } from 'react';
import { answerRows } from '../../components/answerText.js';
import { problemRows } from '../../components/problemPane.js';
import { Rows, seg, wrapRows, type Row } from '../../components/rows.js';
import type { Problem } from '../../problems/types.js';

/** From this many columns the solve screen shows the current step beside the problem or the plan. */
export const TWO_COLUMNS = 120;

const GAP = ' │ ';

/** Panes whose rows are as wide as the screen allows (the search tree's whole titles and scores): never beside anything. */
const FULL_WIDTH_PANES: ReadonlySet<string> = new Set(['tree']);

/** The widths of the two columns at `width`, or undefined below TWO_COLUMNS or for a full-width pane (one column, as ever). */
export function columnWidths(width: number, pane?: string): { main: number; side: number } | undefined {
  if (width < TWO_COLUMNS || (pane !== undefined && FULL_WIDTH_PANES.has(pane))) return undefined;
  // The step gets the larger share: programs and tables are wider than prose.
  const main = Math.ceil((width - GAP.length) * 0.58);
  return { main, side: width - GAP.length - main };
}

/**
 * What stands beside the step: the plan the steps after planning work from, once there is one
 * and the step is not itself a plan, else the problem. Cut to `height` rows (`p` shows the
 * whole problem).
 */
export function sideRows(o: {
  problem: Problem;
  plan?: string;
  planStep: boolean;
  width: number;
  height: number;
}): Row[] {
  const plan = o.plan !== undefined && !o.planStep;
  const body = plan ? answerRows(o.plan!, o.width) : wrapRows(problemRows(o.problem, o.width), o.width);
  const head: Row = [seg(plan ? 'The plan' : 'The problem', { bold: true, dim: true })];
  const room = Math.max(1, o.height - 1);
  const shown = body.slice(0, room);
  if (body.length > room && shown.length > 0)
    shown[shown.length - 1] = [seg(plan ? '…' : '… p shows it whole', { dim: true })];
  return [head, ...shown];
}

/** The step on the left, the side rows on the right, a rule between them. */
export function Columns({
  main,
  side,
  widths,
  height,
}: {
  main: ReactNode;
  side: Row[];
  widths: { main: number; side: number };
  height: number;
}) {
  const rule = Array.from({ length: Math.max(1, height) }, (): Row => [seg(GAP, { dim: true })]);
  return (
    <Box flexDirection="row">
      <Box width={widths.main} flexShrink={0} flexDirection="column">
        {main}
      </Box>
      <Box width={GAP.length} flexShrink={0}>
        <Rows rows={rule} />
      </Box>
      <Box width={widths.side} flexShrink={0} flexDirection="column">
        <Rows rows={side.slice(0, height)} />
      </Box>
    </Box>
  );
}
