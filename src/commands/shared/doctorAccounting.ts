// doctor's accounting line: which path measures a run here (cgroup v1, cgroup v2 as root, delegated
// or through a systemd-run scope, or the launcher's sampling) and what that path cannot see.
import type { CgroupPlan } from '../../runners/sandbox/cgroup.js';
import { OPEN_FILES } from '../../runners/sandbox/launcherReport.js';
import type { Check } from './doctorTrust.js';

/** The accounting path's name, in doctor's words. */
export function accountingName(plan: CgroupPlan | null): string {
  if (!plan) return 'launcher sampling';
  if (plan.version === 1) return 'cgroup v1';
  return { root: 'cgroup v2 as root', delegated: 'cgroup v2, delegated', scope: 'cgroup v2 via a systemd-run scope' }[
    plan.kind
  ];
}

/** What the path cannot see: memory a program can hold that its figure does not show. */
export function accountingBlind(plan: CgroupPlan | null): string {
  if (!plan) {
    return (
      'kernel memory (pipe buffers, at most ' +
      `${((OPEN_FILES / 2) * 64) / 1024} MiB with ${OPEN_FILES} open files; socket buffers), ` +
      'a peak shorter than one sample, and pages shared between processes (counted once per process)'
    );
  }
  if (plan.version === 1)
    return 'kernel memory (slab, pipe and socket buffers) unless this kernel charges it to v1 groups; the page cache of files on disk, taken off the peak';
  return (
    'the little kernel memory cgroup v2 charges to no group; the peak is ' +
    (plan.peak ? 'exact (memory.peak)' : 'sampled (no memory.peak before Linux 5.19)')
  );
}

/** The line; `why` says why no cgroup (or no scope) is used, when the launcher samples. */
export function accountingCheck(plan: CgroupPlan | null, why: string[]): Check {
  const reasons = plan ? '' : ` (${why.filter(Boolean).join('; ') || 'no cgroup'})`;
  return {
    name: 'accounting',
    ok: true,
    detail: `${accountingName(plan)}${reasons}; cannot see: ${accountingBlind(plan)}`,
    needed: false,
  };
}
