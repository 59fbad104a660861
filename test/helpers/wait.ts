/**
 * Resolves once `holds()` is true, looking every `everyMs`. No deadline of its own: whether the
 * condition comes is the test's verdict, and a condition that never comes is a hang, which the
 * test's timeout reports — so a slow machine cannot turn the test red.
 */
export async function eventually(holds: () => boolean, everyMs = 20): Promise<void> {
  while (!holds()) await new Promise((r) => setTimeout(r, everyMs));
}
