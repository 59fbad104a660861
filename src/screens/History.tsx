import { Box } from 'ink';
import { memo } from 'react';
import { paneRows } from '../components/panes/index.js';
import { Rows, seg, wrapRow, type Row } from '../components/rows.js';
import { resultLine, resultWord } from '../session/resultWord.js';
import type { HistoryItem } from '../app/sessionView.js';

function headerRow(item: HistoryItem): Row {
  switch (item.kind) {
    case 'step': {
      const d = item.decision;
      const mark =
        d.kind === 'edit'
          ? [seg(' ✎ yours', { color: 'magenta' as const, bold: true })]
          : d.kind === 'approve' && d.lang
            ? [seg(` → the session is now in ${d.lang}`, { color: 'yellow' as const })]
            : item.by === 'auto'
              ? [seg(' (auto)', { dim: true })]
              : item.by === 'until-code' || item.by === 'watch'
                ? [seg(item.by === 'watch' ? ' (watching)' : ' (until the code)', { dim: true })]
                : [];
      return [seg('✓ ', { color: 'green' }), seg(`${item.step + 1} ${item.title}`, { bold: true }), ...mark];
    }
    case 'run':
      return [seg('▶ ', { color: 'cyan' }), seg(`${item.step + 1} ${item.title}`, { bold: true })];
    case 'branch':
      if (item.sample)
        return [
          seg(
            `↩ ${item.sample.name ?? 'the hidden test'} is a sample now: from step ${item.atStep + 1} again, to the debugger — branch ${item.branch} (the earlier one is kept)`,
            { color: 'yellow', bold: true },
          ),
        ];
      return [
        seg(`↩ back to step ${item.atStep + 1} — branch ${item.branch} (the earlier one is kept)`, {
          color: 'yellow',
          bold: true,
        }),
      ];
    case 'note':
      return [seg(item.text, item.tone ? { color: item.tone } : { dim: true })];
    case 'end': {
      const accepted = resultWord(item.outcome) === 'accepted';
      return [
        seg(`${accepted ? '★' : '■'} ${resultLine(item.outcome)}`, {
          bold: true,
          color: accepted ? 'green' : 'yellow',
        }),
      ];
    }
  }
}

/** The rows of one finished item: its header, then its pane in the compact form. */
export function historyRows(item: HistoryItem, width: number): Row[] {
  const head = headerRow(item);
  // Pane rows wrap under their indent rather than being cut at the edge.
  const indent = (rows: Row[]): Row[] => rows.flatMap((r) => wrapRow(r, width - 2).map((x) => [seg('  '), ...x]));
  if (item.kind === 'step') {
    const proposal = item.proposal;
    const body = paneRows(
      { kind: 'proposal', proposal },
      {
        width: width - 2,
        compact: true,
        ...(item.previousCode !== undefined ? { previousCode: item.previousCode } : {}),
      },
    );
    return [...wrapRow(head, width), ...indent(body), []];
  }
  if (item.kind === 'run')
    return [
      ...wrapRow(head, width),
      ...indent(paneRows({ kind: 'run', result: item.result }, { width: width - 2 })),
      [],
    ];
  // The session's file is named once, by the end screen's "replay it: simcoach replay FILE".
  return wrapRow(head, width);
}

/** One history item; memoized because <Static> hands each item over once and it never changes. */
export const HistoryEntry = memo(function HistoryEntry({ item, width }: { item: HistoryItem; width: number }) {
  return (
    <Box flexDirection="column">
      <Rows rows={historyRows(item, width)} />
    </Box>
  );
});
