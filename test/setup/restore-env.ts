// Workers keep their modules from one test file to the next (vitest.config.ts, isolate: false), so
// what a file sets in process.env or its working directory would reach the files after it in the
// same worker, which of them depending on timing. Each file starts from the environment and the
// folder the worker was started with.
import { afterAll } from 'vitest';

const env = { ...process.env };
const cwd = process.cwd();

afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
  if (process.cwd() !== cwd) process.chdir(cwd);
});
