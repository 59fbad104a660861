import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import { readFileSync, readdirSync } from 'node:fs';
hljs.registerLanguage('python', python); hljs.registerLanguage('cpp', cpp); hljs.registerLanguage('java', java); hljs.registerLanguage('javascript', javascript);
const set = [];
for (const l of readFileSync('../shared/datasets/apps150/labelled-solutions.jsonl','utf8').split('\n').filter(Boolean)) set.push({lang:'python', src: JSON.parse(l).code});
for (const f of readdirSync('/tmp/wl').filter(f=>f.startsWith('cpp-'))) for (const l of readFileSync('/tmp/wl/'+f,'utf8').split('\n').filter(Boolean)) for (const s of JSON.parse(l).source_codes) set.push({lang:'cpp', src:s});
for (const f of readdirSync('fixtures/problems/_solutions')) set.push({lang: f.endsWith('.py')?'python':'cpp', src: readFileSync('fixtures/problems/_solutions/'+f,'utf8')});
const langs=['python','cpp','java','javascript'];
const t0=Date.now();
const rows = set.map(({lang,src})=>({lang, rel:Object.fromEntries(langs.map(l=>{const r=hljs.highlight(src,{language:l, ignoreIllegals:false}); return [l, r.illegal?0:r.relevance];}))}));
console.log('ms per program', (Date.now()-t0)/set.length);
for (const ratio of [1.5,2,3,4]) for (const floor of [5,10,15]) {
  let tp=0, fn=0, fp=0, wrong=0, cases=0;
  for (const {lang, rel} of rows) for (const S of langs) {
    const others = langs.filter(l=>l!==S).sort((a,b)=>rel[b]-rel[a]);
    const d = others[0];
    const flag = rel[d] >= floor && rel[d] >= ratio*rel[S] && rel[d] > rel[S];
    if (S===lang) { if (flag) fp++; cases++; }
    else { if (flag && d===lang) tp++; else if (flag) wrong++; else fn++; }
  }
  console.log({ratio, floor, tp, fn, fp, wrong, recall:(tp/(tp+fn+wrong)).toFixed(3), precision:(tp/(tp+fp+wrong)).toFixed(4)});
}
const illegal = {}; for (const {lang, rel} of rows) for (const l of langs) if (rel[l]===0) illegal[lang+':'+l]=(illegal[lang+':'+l]??0)+1;
console.log(illegal);
