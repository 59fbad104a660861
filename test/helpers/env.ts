// A test that changes this process's environment for one call puts it back after, unset included:
// workers keep their modules from file to file (vitest.config.ts), so a variable left behind
// reaches the next file's code.

type Vars = Record<string, string | undefined>;

function apply(vars: Vars): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** Sets `vars` (undefined: unset); the function returned restores each as it was. */
export function setEnv(vars: Vars): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  apply(vars);
  return () => apply(before);
}

/** Runs `fn` with `vars` set (undefined: unset), then restores each as it was, whatever `fn` did. */
export async function withEnv<T>(vars: Vars, fn: () => Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}
