// The names competitive programmers already call a problem by, read off its judge's URL:
// `cf1917C`, `gym102001A`, `abc300_a`, `cses1068`, `kattis/amulet`. A saved problem goes by this
// name in lists and commands; its slug (`GROUP/NAME`, the file it was saved as) stays an alias.
import type { Problem } from './types.js';

type Rule = [host: RegExp, path: RegExp, name: (m: RegExpExecArray, url: URL) => string];

// Each judge's problem pages as they appear in Competitive Companion's `url` and in browsers.
const RULES: Rule[] = [
  [
    /(^|\.)codeforces\.(com|ml|net)$/,
    /^\/(?:contest|problemset\/problem)\/(\d+)\/(?:problem\/)?([A-Za-z]\d?)\/?$/,
    (m) => `cf${m[1]}${m[2]!.toUpperCase()}`,
  ],
  [
    /(^|\.)codeforces\.(com|ml|net)$/,
    /^\/gym\/(\d+)\/problem\/([A-Za-z]\d?)\/?$/,
    (m) => `gym${m[1]}${m[2]!.toUpperCase()}`,
  ],
  // AtCoder's task ids are the names people use (abc300_a, arc150_b, agc061_c, typical90_a).
  [/(^|\.)atcoder\.jp$/, /^\/contests\/[^/]+\/tasks\/([A-Za-z0-9_]+)\/?$/, (m) => m[1]!.toLowerCase()],
  [/(^|\.)cses\.fi$/, /^\/(?:problemset|[^/]+)\/task\/(\d+)\/?$/, (m) => `cses${m[1]}`],
  [
    /(^|\.)kattis\.com$/,
    /^\/(?:contests\/[^/]+\/)?problems\/([a-z0-9_.-]+)\/?$/i,
    (m) => `kattis/${m[1]!.toLowerCase()}`,
  ],
  [/(^|\.)spoj\.com$/, /^\/problems\/([A-Za-z0-9_]+)\/?$/, (m) => `spoj/${m[1]!.toUpperCase()}`],
  [
    /(^|\.)codechef\.com$/,
    /^\/(?:[A-Za-z0-9_]+\/)?problems\/([A-Za-z0-9_]+)\/?$/,
    (m) => `codechef/${m[1]!.toUpperCase()}`,
  ],
  [/(^|\.)yukicoder\.me$/, /^\/problems\/no\/(\d+)\/?$/, (m) => `yuki${m[1]}`],
  [/(^|\.)luogu\.com(\.cn)?$/, /^\/problem\/([A-Za-z0-9_]+)\/?$/, (m) => `luogu/${m[1]}`],
  [
    /(^|\.)timus\.(ru|online)$/,
    /^\/problem\.aspx$/,
    (_m, url) => (url.searchParams.get('num') ? `timus${url.searchParams.get('num')}` : ''),
  ],
  [/(^|\.)onlinejudge\.org$/, /^\/external\/\d+\/(\d+)\.pdf$/, (m) => `uva${m[1]}`],
];

/** The judge's short name for the problem at `url`, or undefined for a page of no judge known here. */
export function judgeShortId(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  for (const [host, path, name] of RULES) {
    if (!host.test(u.hostname.toLowerCase())) continue;
    const m = path.exec(u.pathname);
    const id = m ? name(m, u) : '';
    if (id) return id;
  }
  return undefined;
}

/**
 * The set with each problem of a known judge named by its short id, its old id kept as an alias.
 * A short id another problem of the set already has (two saves of one problem) stays unused, so
 * each name picks one problem.
 */
export function withShortIds(set: Problem[]): Problem[] {
  const taken = new Set(set.map((p) => p.id));
  const wanted = new Map<string, number>();
  for (const p of set) {
    const s = judgeShortId(p.source?.url);
    if (s) wanted.set(s, (wanted.get(s) ?? 0) + 1);
  }
  return set.map((p) => {
    const s = judgeShortId(p.source?.url);
    if (!s || s === p.id || taken.has(s) || wanted.get(s)! > 1) return p;
    return { ...p, id: s, aliases: [...(p.aliases ?? []), p.id] };
  });
}
