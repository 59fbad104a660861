// Where the shipped problem set lives, whether running from src/ (tests), dist/ or a package.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../system/errors.js';

let cached: string | undefined;

/**
 * `fixtures/problems` of this installation: found by walking up from this module, since the
 * bundle puts it in dist/ or dist/chunks/ and the sources in src/problems/.
 */
export function fixturesDir(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'fixtures', 'problems');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return (cached = candidate);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new UserError(
    `the built-in problems (fixtures/problems) are missing from this installation, looked above ${dirname(fileURLToPath(import.meta.url))}`,
  );
}
