import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __SIMCOACH_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The judge tests spawn real compilers and sandboxes; two cores cannot take more at once.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
