// doctor's lines on trust boundaries: where the caches are (and why a HOME/XDG_CACHE_HOME was
// refused for them), and whether `listen` can tell who posts to it.
import { cacheDir } from '../../system/paths.js';
import { PEER_TABLES, peersKnown } from '../../problems/peerUid.js';
import { refusals } from '../../system/trust.js';

/** One line of doctor's table: a ✓ or ✗, what was found, and the fix under a ✗. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  needed: boolean;
}

export async function trustChecks(): Promise<Check[]> {
  const cache = cacheDir();
  const refused = refusals().find((r) => r.includes('for caches'));
  const uid = process.geteuid?.() ?? 0;
  return [
    {
      name: 'caches',
      ok: true,
      detail: refused ?? `${cache} (private: 0700, only you${uid === 0 ? '' : ' or root'} can write its path)`,
      needed: false,
    },
    (await peersKnown())
      ? {
          name: 'listener',
          ok: true,
          detail: `takes problems only from uid ${uid} (the sender's uid from ${PEER_TABLES.join(' and ')})`,
          needed: false,
        }
      : {
          name: 'listener',
          ok: false,
          detail: `cannot tell who posts to \`simcoach listen\` here (no ${PEER_TABLES.join(' or ')}): any local user could send it problems`,
          fix: 'Run `simcoach listen` only on a machine you do not share.',
          needed: false,
        },
  ];
}
