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
const rows = set.map(({lang,src})=>({lang, src, rel:Object.fromEntries(langs.map(l=>{const r=hljs.highlight(src,{language:l, ignoreIllegals:false}); return [l, r.illegal?0:r.relevance];}))}));
for (const [ratio,floor] of [[1.5,10],[1.5,15],[1.7,10],[1.7,15],[2,10]]) {
const stats={};
const bump=(k,f)=>{stats[k]??={tp:0,fn:0,fp:0,wrong:0,neg:0}; stats[k][f]++;};
for (const {lang, rel, src} of rows) for (const S of langs) {
  const lines = src.split('\n').filter(l=>l.trim()).length;
  const top = [...langs].sort((a,b)=>rel[b]-rel[a]);
  const d = top[0];
  const flag = lines>=3 && d!==S && rel[d] >= floor && rel[d] >= ratio*rel[S];
  const k = lang+' in '+S;
  if (S===lang) { bump(k, flag?'fp':'neg'); }
  else bump(k, flag ? (d===lang?'tp':'wrong') : 'fn');
  // with fence tag = true lang
  const flagT = lines>=3 && lang!==S && rel[lang] >= floor && rel[lang] >= rel[S];
  if (S!==lang) bump('tagged '+k, flagT?'tp':'fn');
}
const tot={tp:0,fn:0,fp:0,wrong:0,neg:0}; for (const [k,v] of Object.entries(stats)) if(!k.startsWith("tagged")) for (const f in v) tot[f]+=v[f]; console.log(ratio,floor,JSON.stringify(tot), "cpp in py", JSON.stringify(stats["cpp in python"]), "py in cpp", JSON.stringify(stats["python in cpp"])); for (const k in stats) delete stats[k]; }
