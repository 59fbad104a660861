import { useEffect, useState } from 'react';
import { Rows, cells, cut, fitParts, seg, type Row } from './rows.js';

export interface StatusInfo {
  flow: string;
  /** 1-based step number and its title ("3 Simulation"). */
  step?: number;
  stepTitle?: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  startedAt?: number;
  /** Counters a flow sets: plan 2/5, debug 1/5. */
  progress: { label: string; value: number; max: number }[];
  /** The method's calls (repair requests apart). */
  calls: number;
  /** Repair requests: asked when an answer could not be read, on top of the method's calls. */
  repairs?: number;
  /** The method's most calls (absent when it has no fixed bound). */
  callBound?: number;
  /** Set when the session ended ("accepted", "stopped", …). */
  ended?: string;
  /** The problem's id and the session's language ("sum-two · python"). */
  problem?: string;
  lang?: string;
  /** Set when the model server is not there: what the person reads in place of the model's name. */
  modelOff?: string;
  /** The approval mode when it is not "approve each step". */
  approval?: 'until-code' | 'watch';
}

export const fmtTokens = (n: number): string =>
  n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);

export function fmtElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return m >= 60
    ? `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
    : `${m}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The problem and the language in `room` cells: the language whole, a long problem id cut with an
 * ellipsis rather than both dropped (a person must see what they are solving, and in what).
 */
function problemPart(problem: string, lang: string | undefined, room: number): Row {
  const tail = lang ? ` · ${lang}` : '';
  const fits = Math.max(1, room - cells(tail));
  const id = cells(problem) <= fits ? problem : `${cut(problem, Math.max(0, fits - 1))}…`;
  return [seg(id, { bold: true }), seg(tail)];
}

/** The parts in order of importance: the ones that do not fit the width are dropped from the end. */
export function statusRow(s: StatusInfo, width: number, now: number): Row {
  const flow = cells(` ${s.flow} `) + 2;
  const parts: Row[] = [
    [seg(` ${s.flow} `, { inverse: true, bold: true })],
    ...(s.problem ? [problemPart(s.problem, s.lang, width - flow)] : []),
    ...(s.modelOff ? [[seg(s.modelOff, { bold: true, color: 'yellow' })]] : []),
    ...(s.approval
      ? [[seg(s.approval === 'watch' ? '» watching' : '» until the code', { bold: true, color: 'yellow' })]]
      : []),
    ...(s.step !== undefined
      ? [[seg(`step ${s.step}`, { bold: true }), seg(s.stepTitle ? ` ${s.stepTitle}` : '')]]
      : []),
    ...s.progress.map((p) => [seg(`${p.label} ${p.value}/${p.max}`)]),
    [
      seg(`calls ${s.calls}${s.callBound !== undefined ? `/${s.callBound}` : ''}`),
      ...(s.repairs ? [seg(` +${s.repairs} repair`, { color: 'yellow' })] : []),
    ],
    [seg(`tok ${fmtTokens(s.tokensIn)}↑ ${fmtTokens(s.tokensOut)}↓`, { dim: true })],
    ...(s.startedAt !== undefined ? [[seg(fmtElapsed(now - s.startedAt), { dim: true })]] : []),
    ...(s.modelOff ? [] : [[seg(s.model, { color: 'cyan' })]]),
    ...(s.ended ? [[seg(s.ended, { bold: true })]] : []),
  ];
  const out = fitParts(parts, width);
  return out.length ? out : [seg(cut(s.flow, width))];
}

/** One line; ticks once a second for the elapsed time only while a session runs. */
export function StatusBar({ info, width }: { info: StatusInfo; width: number }) {
  const [now, setNow] = useState(() => Date.now());
  const ticking = info.startedAt !== undefined && !info.ended;
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    t.unref?.();
    return () => clearInterval(t);
  }, [ticking]);
  return <Rows rows={[statusRow(info, width, now)]} />;
}
