// The serial pass of `npm test`: the tests of the judge's limits themselves (a time limit hit, a
// memory limit hit), named *.serial.test.ts, one file and one worker at a time after the main
// pass, so nothing else running beside them stretches the times they judge.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/**/*.serial.test.ts'],
    exclude: ['**/node_modules/**'],
    maxWorkers: 1,
    fileParallelism: false,
    passWithNoTests: true,
  },
});
