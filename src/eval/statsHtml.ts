// `simcoach stats --html`: one standalone page — Chart.js and the data inlined, nothing fetched,
// a Content-Security-Policy that lets only these scripts run — with the charts `stats` draws in
// the terminal (practice by tag, the skill estimate per tag) and the rates of learning beside them
// (accepted with help against passed without help), then the learning table.
import type { Tally } from '../session/practice.js';
import { mistakesText, type TagLearning } from '../session/skill.js';
import { chartJs, esc, hashOf, inline, MARK } from './html.js';

export interface StatsPage {
  byTag: Tally[];
  tags: TagLearning[];
  problems: number;
}

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 20px; } .charts { display: flex; flex-wrap: wrap; gap: 24px; margin: 16px 0; }
table { border-collapse: collapse; } th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
`;

// Runs in the page: draws the three charts without animation, each marked on its canvas (MARK).
const DRAW = `
${MARK}
(function () {
  var d = window.STATS_DATA;
  function draw(id, title, labels, datasets, stacked, max) {
    var canvas = document.getElementById(id);
    var chart = new Chart(canvas, { type: 'bar', data: { labels: labels, datasets: datasets },
      options: { animation: false, responsive: false, plugins: { title: { display: true, text: title } },
        scales: { x: { stacked: stacked }, y: { stacked: stacked, beginAtZero: true, max: max } } } });
    mark(canvas, chart);
  }
  draw('practice-chart', 'practice by tag (problems)', d.practice.labels, [
    { label: 'solved, no hint', data: d.practice.noHint, backgroundColor: '#2e9d4f' },
    { label: 'solved with hints', data: d.practice.withHints, backgroundColor: '#d19a1a' },
    { label: 'attempted', data: d.practice.attempted, backgroundColor: '#c8413b' }], true);
  draw('skill-chart', 'skill estimate by tag (Glicko)', d.skill.labels, [
    { label: 'estimate', data: d.skill.rating, backgroundColor: '#1f8fb8' },
    { label: '2 RD (uncertainty)', data: d.skill.rd2, backgroundColor: '#b0479d' }], false);
  draw('rates-chart', 'accepted with help vs passed without help (%)', d.skill.labels, [
    { label: 'with help', data: d.skill.assisted, backgroundColor: '#d19a1a' },
    { label: 'without help (transfer)', data: d.skill.transfer, backgroundColor: '#2e9d4f' }], false, 100);
  document.body.setAttribute('data-rendered', 'yes');
})();
`;

const pct = (n: number, of: number): number | null => (of === 0 ? null : Math.round((1000 * n) / of) / 10);

function seriesOf(p: StatsPage): unknown {
  return {
    practice: {
      labels: p.byTag.map((t) => t.name),
      noHint: p.byTag.map((t) => t.noHint),
      withHints: p.byTag.map((t) => t.withHints),
      attempted: p.byTag.map((t) => t.attempted),
    },
    skill: {
      labels: p.tags.map((t) => t.tag),
      rating: p.tags.map((t) => Math.round(t.rating)),
      rd2: p.tags.map((t) => Math.round(2 * t.rd)),
      assisted: p.tags.map((t) => pct(t.assisted, t.sessions)),
      transfer: p.tags.map((t) => pct(t.transfersPassed, t.transfers)),
    },
  };
}

function table(tags: TagLearning[]): string {
  const head = ['tag', 'estimate', 'alone', 'with help', 'transfer', 'mistakes'];
  const rows = tags.map((t) =>
    [
      t.tag,
      `${Math.round(t.rating)} ± ${Math.round(2 * t.rd)}`,
      `${t.noHelp}/${t.problems}`,
      `${t.assisted}/${t.sessions}`,
      t.transfers ? `${t.transfersPassed}/${t.transfers}` : '-',
      mistakesText(t.mistakes),
    ]
      .map((c, i) => (i === 0 || i === 5 ? `<td>${esc(c)}</td>` : `<td class="n">${esc(c)}</td>`))
      .join(''),
  );
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r}</tr>`).join('\n')}</tbody></table>`;
}

export function statsHtml(p: StatsPage): string {
  const scripts = [chartJs(), `window.STATS_DATA = ${inline(seriesOf(p))};`, DRAW];
  const csp = `default-src 'none'; script-src ${scripts.map(hashOf).join(' ')}; style-src ${hashOf(STYLE)}; img-src data:`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>simcoach stats</title>
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<style>${STYLE}</style></head>
<body>
<h1>simcoach stats · ${esc(String(p.problems))} problems practised</h1>
<div class="charts">
<canvas id="practice-chart" width="560" height="340" role="img" aria-label="practice by tag"></canvas>
<canvas id="skill-chart" width="560" height="340" role="img" aria-label="skill estimate by tag"></canvas>
<canvas id="rates-chart" width="560" height="340" role="img" aria-label="accepted with help against passed without help, by tag"></canvas>
</div>
${table(p.tags)}
${scripts.map((s) => `<script>${s}</script>`).join('\n')}
</body></html>
`;
}
