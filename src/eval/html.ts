// `eval report FILE --html`: one standalone page — Chart.js and the data inlined, no server and
// nothing fetched — with the same two charts as the terminal and the summary table.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chartSeries } from './charts.js';
import { percent, type EvalReport } from './report.js';

const COLORS = ['#2e9d4f', '#1f8fb8', '#d19a1a', '#b0479d', '#4a5fd1', '#c8413b'];

/** Chart.js's browser build, read from the installed package (its exports map does not name the file). */
function chartJs(): string {
  const main = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// JSON inside <script>: `<` escaped so no data can close the element.
const inline = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

function summaryTable(rep: EvalReport): string {
  const head = ['flow', 'group', 'problems', 'pass@1', 'solved', 'samples', 'calls', 'calls/solved', 'sent', 'evaluated', 'completion'];
  const rows = rep.summary.map((s) =>
    [s.flow, s.group, s.problems, percent(s.pass_at_1), s.solved, s.samples_passed, s.calls, s.calls_per_solved ?? '-', s.prompt_tokens, s.evaluated_tokens, s.completion_tokens]
      .map((c, i) => (i < 2 ? `<td>${esc(String(c))}</td>` : `<td class="n">${esc(String(c))}</td>`))
      .join(''),
  );
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r}</tr>`).join('\n')}</tbody></table>`;
}

// Runs in the page: draws both charts without animation, then notes on each canvas how many bars
// it drew and how many of its pixels are painted, so a test can read from the DOM that it rendered.
const DRAW = `
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
    var bars = [];
    chart.data.datasets.forEach(function (_, i) {
      chart.getDatasetMeta(i).data.forEach(function (b) { bars.push([Math.round(b.width), Math.round(Math.abs(b.base - b.y))]); });
    });
    var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, painted = 0;
    for (var k = 3; k < px.length; k += 4) if (px[k] !== 0) painted++;
    canvas.setAttribute('data-bars', JSON.stringify(bars));
    canvas.setAttribute('data-painted', String(painted));
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
    return h ? `<li><b>${esc(f)}</b>: pass@1 ${percent(h.pass_at_1)} (${h.solved}/${h.problems}), ${h.calls} calls, ${h.prompt_tokens} prompt tokens sent, ${h.evaluated_tokens} evaluated</li>` : '';
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 20px; } .meta { color: #666; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; margin: 16px 0; }
table { border-collapse: collapse; } th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">set ${esc(rep.set)} · ${esc(rep.backend)} · ${esc(rep.lang)} · ${rep.total} runs</p>
<ul>${lines.join('')}</ul>
<div class="charts">
<canvas id="pass-chart" width="560" height="340" role="img" aria-label="pass@1 by flow and difficulty"></canvas>
<canvas id="calls-chart" width="560" height="340" role="img" aria-label="calls per solved problem by flow and difficulty"></canvas>
</div>
${summaryTable(rep)}
<script>${chartJs()}</script>
<script>window.EVAL_DATA = ${inline(data)};</script>
<script>${DRAW}</script>
</body></html>
`;
}
