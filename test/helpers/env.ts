// A test that changes this process's environment for one call puts it back after, unset included:
// workers keep their modules from file to file (vitest.config.ts), so a variable left behind
// reaches the next file's code.

/** Runs `fn` with `vars` set (undefined: unset), then restores each as it was, whatever `fn` did. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>): void => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(before);
  }
}
