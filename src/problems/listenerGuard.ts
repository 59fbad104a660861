// Who may post a problem to the listener. Competitive Companion posts from the browser's extension
// context with `content-type: application/json` and an extension origin (or none); a web page can
// reach 127.0.0.1 too, but it cannot send that content type without a CORS preflight, which the
// listener never grants, and its requests carry its own web origin. A DNS-rebinding page names
// its own host in `Host`. So a request passes only with no origin or an extension's, JSON, and a
// loopback host; the rate limit bounds what any local process can make us write.
import type { IncomingHttpHeaders } from 'node:http';

export interface Refusal {
  status: 403 | 415 | 429;
  /** The answer's text, and the warning's. */
  reason: string;
}

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension|ms-browser-extension):\/\/[^\s]*$/i;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/** A header's value as one string (Node gives an array for some repeated headers). */
const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(',') : v);

/** Why these headers are refused, or undefined when they may post. */
export function refuseHeaders(headers: IncomingHttpHeaders): Refusal | undefined {
  const host = one(headers.host);
  // A request with no Host at all (HTTP/1.0 from a local script) names no other site.
  if (host !== undefined && !LOOPBACK_HOST.test(host.trim())) {
    return { status: 403, reason: `Host '${clip(host)}' is not a loopback name (127.0.0.1, localhost, [::1])` };
  }
  const origin = one(headers.origin);
  if (origin !== undefined && !EXTENSION_ORIGIN.test(origin.trim())) {
    return { status: 403, reason: `requests from web pages are refused (Origin '${clip(origin)}')` };
  }
  const type = (one(headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, reason: `content type must be application/json, not '${clip(type || 'none')}'` };
  }
  return undefined;
}

/** A header value fit for one log line: no control characters, at most 80 characters. */
function clip(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

export interface RateLimit {
  /** True when one more request may go through now (and counts it). */
  take(): boolean;
}

/**
 * A token bucket: `burst` requests at once (a whole contest parsed by Companion), then `perSecond`.
 * `now` is milliseconds, injectable so tests drive it without waiting.
 */
export function rateLimit(burst: number, perSecond: number, now: () => number = () => performance.now()): RateLimit {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export interface BatchCredit {
  /** True when a request of this declared batch is within what the batch said it holds (and counts it). */
  take(batch: { id: string; size: number } | undefined): boolean;
}

/**
 * Competitive Companion sends a contest's tasks back to back, each with `batch: {id, size}`, and
 * does not retry a refusal: a declared batch is taken whole, past any burst. Declaring one takes
 * its size from a credit of `most` at once (a batch larger than what is left gets none and meets
 * the rate limit); the credit comes back at `perSecond` only, whether a batch completed or lapsed
 * (after `lapseMs`): a completed batch handing its credit back at once let a second batch of 500
 * follow the first, and a third, so declaring batches was a way around the rate limit.
 */
export function batchCredit(
  most: number,
  perSecond: number,
  lapseMs: number,
  now: () => number = () => performance.now(),
): BatchCredit {
  const open = new Map<string, { left: number; since: number }>();
  let free = most;
  let last = now();
  return {
    take(batch) {
      const t = now();
      free = Math.min(most, free + ((t - last) / 1000) * perSecond);
      last = t;
      for (const [id, b] of open) if (t - b.since > lapseMs) open.delete(id);
      if (!batch) return false;
      let b = open.get(batch.id);
      if (!b) {
        if (batch.size > free) return false;
        b = { left: batch.size, since: t };
        open.set(batch.id, b);
        free -= batch.size;
      }
      if (b.left <= 0) return false;
      b.left--;
      return true;
    },
  };
}
