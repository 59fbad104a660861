// `eval report FILE --html`: one standalone page — Chart.js and the data inlined, no server and
// nothing fetched — with the same two charts as the terminal and the summary table.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chartSeries } from './charts.js';
import { percent, resultWord, type EvalReport } from './report.js';
import type { EvalRecord } from './records.js';

const COLORS = ['#2e9d4f', '#1f8fb8', '#d19a1a', '#b0479d', '#4a5fd1', '#c8413b'];

/** Chart.js's browser build, read from the installed package (its exports map does not name the file). */
export function chartJs(): string {
  const main = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// JSON inside <script>: `<` escaped so no data can close the element.
export const inline = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

function summaryTable(rep: EvalReport): string {
  const head = [
    'flow',
    'group',
    'problems',
    'pass@1',
    'solved',
    'samples',
    'calls',
    'calls/solved',
    'sent',
    'evaluated',
    'completion',
  ];
  const rows = rep.summary.map((s) =>
    [
      s.flow,
      s.group,
      s.problems,
      percent(s.pass_at_1),
      s.solved,
      s.samples_passed,
      s.calls,
      s.calls_per_solved ?? '-',
      s.prompt_tokens,
      s.evaluated_tokens,
      s.completion_tokens,
    ]
      .map((c, i) => (i < 2 ? `<td>${esc(String(c))}</td>` : `<td class="n">${esc(String(c))}</td>`))
      .join(''),
  );
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r}</tr>`).join('\n')}</tbody></table>`;
}

/** A session's file as a link (an absolute path only; anything else is shown as text). */
function sessionLink(session: string | undefined): string {
  if (!session) return '';
  if (!session.startsWith('/')) return `<span class="s">${esc(session)}</span>`;
  return `<a href="${esc(`file://${encodeURI(session)}`)}">session</a>`;
}

/** One (flow, problem) cell: result, calls, tokens, seconds, the session. */
function pairCell(r: EvalRecord | undefined): string {
  if (!r) return '<td class="none">-</td>';
  const calls = r.repairs ? `${r.calls}+${r.repairs}` : String(r.calls);
  const tokens = r.promptTokens + r.completionTokens;
  return `<td class="${r.passed ? 'pass' : 'fail'}"><b>${esc(resultWord(r))}</b> · ${esc(calls)} calls · ${esc(String(tokens))} tokens · ${esc(r.seconds.toFixed(1))} s ${sessionLink(r.session)}</td>`;
}

/** Problems down, flows across: how each flow did on each problem. */
function problemTable(rep: EvalReport): string {
  const ids: string[] = [];
  const byPair = new Map<string, EvalRecord>();
  for (const r of rep.problems) {
    if (!ids.includes(r.id)) ids.push(r.id);
    byPair.set(`${r.flow}\u0000${r.id}`, r);
  }
  const head = `<tr><th>problem</th><th>difficulty</th>${rep.flows.map((f) => `<th>${esc(f)}</th>`).join('')}</tr>`;
  const rows = ids.map((id) => {
    const any = rep.problems.find((r) => r.id === id);
    const cells = rep.flows.map((f) => pairCell(byPair.get(`${f}\u0000${id}`))).join('');
    return `<tr><td>${esc(id)}</td><td>${esc(any?.difficulty ?? '-')}</td>${cells}</tr>`;
  });
  return `<table id="problems"><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table>`;
}

/** The CSP source for one inline script or style: its hash, so nothing else inline may run. */
export const hashOf = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 24px; } .meta { color: #666; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; margin: 16px 0; }
table { border-collapse: collapse; } th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.pass { background: #e3f4e8; } td.fail { background: #fbe7e6; } td.none { color: #999; }
`;

/**
 * In the page: notes on a drawn chart's canvas how many bars it drew (their sizes) and how many
 * of its pixels are painted, so a test can read from the DOM that it rendered.
 */
export const MARK = `
function mark(canvas, chart) {
  var bars = [];
  chart.data.datasets.forEach(function (_, i) {
    chart.getDatasetMeta(i).data.forEach(function (b) { bars.push([Math.round(b.width), Math.round(Math.abs(b.base - b.y))]); });
  });
  var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, painted = 0;
  for (var k = 3; k < px.length; k += 4) if (px[k] !== 0) painted++;
  canvas.setAttribute('data-bars', JSON.stringify(bars));
  canvas.setAttribute('data-painted', String(painted));
}
`;

// Runs in the page: draws both charts without animation, then notes on each canvas how many bars
// it drew and how many of its pixels are painted, so a test can read from the DOM that it rendered.
const DRAW = `
${MARK}
(function () {
  var d = window.EVAL_DATA;
  function draw(id, title, values, max) {
    var canvas = document.getElementById(id);
    var chart = new Chart(canvas, {
      type: 'bar',
      data: { labels: d.groups, datasets: d.flows.map(function (f, i) {
        return { label: f, data: values[i], backgroundColor: d.colors[i % d.colors.length] };
      }) },
      options: { animation: false, responsive: false, plugins: { title: { display: true, text: title } },
        scales: { y: { beginAtZero: true, max: max } } }
    });
    mark(canvas, chart);
  }
  draw('pass-chart', 'pass@1 (%)', d.passAt1, 100);
  draw('calls-chart', 'calls per solved problem', d.callsPerSolved, undefined);
  document.body.setAttribute('data-rendered', 'yes');
})();
`;

export function reportHtml(rep: EvalReport): string {
  const data = { ...chartSeries(rep), colors: COLORS };
  const title = `simcoach eval · ${rep.flows.join(', ')} · ${rep.model}`;
  const lines = rep.flows.map((f) => {
    const h = rep.summary.find((s) => s.flow === f && (s.group === 'total' || s.group === 'stdin-style'));
    return h
      ? `<li><b>${esc(f)}</b>: ${esc(`pass@1 ${percent(h.pass_at_1)} (${h.solved}/${h.problems}), ${h.calls} calls, ${h.prompt_tokens} prompt tokens sent, ${h.evaluated_tokens} evaluated`)}</li>`
      : '';
  });
  const scripts = [chartJs(), `window.EVAL_DATA = ${inline(data)};`, DRAW];
  // Only these scripts and this style may run: any markup a value smuggled in would have no hash.
  const csp = `default-src 'none'; script-src ${scripts.map(hashOf).join(' ')}; style-src ${hashOf(STYLE)}; img-src data:`;
  const sets = rep.sets.length > 1 ? `sets ${rep.sets.map(esc).join(', ')}` : `set ${esc(rep.set)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<style>${STYLE}</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">${sets} · ${esc(rep.backend)} · ${esc(rep.lang)} · ${esc(String(rep.total))} runs</p>
<ul>${lines.join('')}</ul>
<div class="charts">
<canvas id="pass-chart" width="560" height="340" role="img" aria-label="pass@1 by flow and difficulty"></canvas>
<canvas id="calls-chart" width="560" height="340" role="img" aria-label="calls per solved problem by flow and difficulty"></canvas>
</div>
${summaryTable(rep)}
<h2>Each problem</h2>
${problemTable(rep)}
${scripts.map((s) => `<script>${s}</script>`).join('\n')}
</body></html>
`;
}
