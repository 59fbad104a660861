// The two charts of an eval — pass@1 and calls per solved problem, by flow and group — as data
// (shared by the terminal and the HTML page) and as terminal bars drawn by chartscii.
import Chartscii from 'chartscii';
import stripAnsi from 'strip-ansi';
import type { EvalReport } from './report.js';
import { percent } from './report.js';

export interface ChartSeries {
  /** The x axis: difficulty groups, then the totals. */
  groups: string[];
  flows: string[];
  /** pass@1 in percent, [flow][group]. */
  passAt1: number[][];
  /** Calls per solved problem, [flow][group]; null where nothing was solved. */
  callsPerSolved: (number | null)[][];
}

export function chartSeries(rep: EvalReport): ChartSeries {
  const groups = [...new Set(rep.summary.map((s) => s.group))];
  const at = (flow: string, group: string) => rep.summary.find((s) => s.flow === flow && s.group === group);
  return {
    groups,
    flows: rep.flows,
    passAt1: rep.flows.map((f) => groups.map((g) => Math.round((at(f, g)?.pass_at_1 ?? 0) * 1000) / 10)),
    callsPerSolved: rep.flows.map((f) => groups.map((g) => at(f, g)?.calls_per_solved ?? null)),
  };
}

// A colour per flow, the same in every chart.
const FLOW_COLORS = ['green', 'cyan', 'yellow', 'magenta', 'blue', 'red'];

export interface TerminalChartOptions {
  /** The terminal's width in columns. */
  columns: number;
  color: boolean;
}

function bars(
  title: string,
  points: { label: string; value: number; text: string; flow: number }[],
  maxValue: number,
  o: TerminalChartOptions,
): string {
  if (points.length === 0) return '';
  const labelWidth = Math.max(...points.map((p) => p.label.length));
  const textWidth = Math.max(...points.map((p) => p.text.length));
  // Bars fill what the labels and the value text leave of the terminal; at least a few cells.
  const room = Math.max(8, Math.min(60, o.columns - labelWidth - textWidth - 5));
  const top = Math.max(...points.map((p) => p.value));
  // chartscii scales the longest bar to `width`: give it its share of the axis so bars read absolutely.
  const width = top > 0 ? Math.max(1, Math.round((room * top) / maxValue)) : 1;
  const chart = new Chartscii(
    points.map((p) => ({
      label: p.label,
      value: p.value,
      ...(o.color ? { color: FLOW_COLORS[p.flow % FLOW_COLORS.length] } : {}),
    })),
    { width, height: points.length, barSize: 1, padding: 0, valueLabels: false, title },
  ).create();
  // The value as the report says it (chartscii rounds), after each bar.
  const lines = chart.split('\n');
  const out = lines.map((line, i) => {
    const p = points[i - 1];
    return p ? `${line} ${p.text}` : line;
  });
  const text = out.join('\n');
  return o.color ? text : stripAnsi(text);
}

/** Both charts for a terminal `columns` wide, in colour or not (NO_COLOR, a pipe). */
export function terminalCharts(rep: EvalReport, o: TerminalChartOptions): string {
  const s = chartSeries(rep);
  const pass: { label: string; value: number; text: string; flow: number }[] = [];
  const calls: { label: string; value: number; text: string; flow: number }[] = [];
  s.groups.forEach((g, gi) =>
    s.flows.forEach((f, fi) => {
      const label = s.flows.length > 1 ? `${g} · ${f}` : g;
      const v = s.passAt1[fi]![gi]!;
      pass.push({ label, value: v, text: percent(v / 100), flow: fi });
      const c = s.callsPerSolved[fi]![gi] ?? null;
      calls.push({ label, value: c ?? 0, text: c === null ? 'none solved' : c.toFixed(1), flow: fi });
    }),
  );
  const maxCalls = Math.max(1, ...calls.map((c) => c.value));
  return [bars('pass@1 (%)', pass, 100, o), '', bars('calls per solved problem', calls, maxCalls, o)].join('\n');
}
