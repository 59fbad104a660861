import { execFileSync } from 'node:child_process';

// Tests spawn the built CLI as a person would; build it once so they never meet a stale bundle.
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
