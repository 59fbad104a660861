import { Rows, type Row } from '../../components/rows.js';
import type { Hint } from '../../components/KeyHints.js';
import type { Proposal } from '../../engine/types.js';
import {
  AFTER_HINTS,
  CANCELLED_HINTS,
  GATE_HINTS,
  PANE_HINTS,
  PREDICT_HINTS,
  PRACTICE_HINTS,
  RECALL_SWAP_HINT,
  STRESS_HINTS,
  SWAP_HINT,
  YOUR_PLAN_HINTS,
  foreignHints,
} from '../../components/solveHints.js';
import { canSwap, recallMeta } from '../../components/panes/recall.js';

/** A proposal waiting for the person's decision: its pane, scrolled. */
export function Gate({ rows, offset, height }: { rows: Row[]; offset: number; height: number }) {
  return <Rows rows={rows} from={offset} height={height} />;
}

/**
 * At an answer that could not be read: edit it (read again), decide the step's decision (one
 * digit per way), ask again, back, quit.
 */
function decideHints(p: Proposal): Hint[] {
  const d = p.decide;
  if (!d) return [];
  // A number alone is typed straight away: its first digit opens the field.
  if (d.options.length === 0 && d.number) return [{ key: '0-9', label: d.number.label.split(' ')[0]! }];
  return [
    ...d.options.map((o, i) => ({ key: `${i + 1}`, label: o.label })),
    ...(d.number ? [{ key: `${d.options.length + 1}`, label: d.number.label.split(' ')[0]! }] : []),
  ];
}

function unreadHints(p: Proposal): Hint[] {
  const decide = decideHints(p);
  const rest = GATE_HINTS.filter((h) => !['a', 'e', 'E', 'r'].includes(h.key));
  return [
    { key: 'e', label: 'edit' },
    ...decide,
    { key: 'r', label: 'ask again' },
    { key: 'E', label: 'editor' },
    ...rest,
  ];
}

/**
 * The keys that work at this proposal: a failed or cancelled one cannot be approved or edited.
 * `traceable` false: T (the real run) is left out, there being no program or input to run yet.
 */
export function gateHints(p: Proposal, traceable = true): Hint[] {
  if (p.cancelled) return CANCELLED_HINTS;
  if (p.error) return unreadHints(p);
  // Read leniently: `a` takes that reading; the step's decision can still be made otherwise.
  if (p.lenient !== undefined && p.decide)
    return [...GATE_HINTS.filter((h) => h.key === 'a'), ...decideHints(p), ...GATE_HINTS.filter((h) => h.key !== 'a')];
  if (p.pane === 'practice') return PRACTICE_HINTS;
  if (p.pane === 'stress') return STRESS_HINTS;
  if (p.agent === 'predict-value') return PREDICT_HINTS;
  if (p.agent === 'idea-yours') return YOUR_PLAN_HINTS;
  if (p.agent === 'after-solve') return AFTER_HINTS;
  if (p.foreign) return [...foreignHints(p.foreign), ...GATE_HINTS];
  // Only when something can come in: the archive offered a problem beside those recalled.
  const swap = canSwap(p) ? [recallMeta(p)?.swaps ? SWAP_HINT : RECALL_SWAP_HINT] : [];
  const own = (PANE_HINTS[p.pane] ?? []).filter((h) => traceable || h.key !== 'T');
  return [...swap, ...own, ...GATE_HINTS];
}
