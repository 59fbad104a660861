// The question the tutor asks once, on a machine where no sandbox works, before it runs a
// program: run with none (kept in the settings), or not at all.
import type { SandboxChoice } from './controller.js';
import type { SettingsService } from './settingsService.js';

/**
 * The accepted `none` level, for this tutor's runs: the judge reads SIMCOACH_SANDBOX alone, so
 * `test` and `--auto` (other processes) never take it from the settings. An explicit
 * SIMCOACH_SANDBOX of the person's own still wins.
 */
function runUnconfined(): void {
  process.env.SIMCOACH_SANDBOX ??= 'none';
}

export function createSandboxService(settings: SettingsService): SandboxChoice {
  return {
    async offer() {
      const { NONE_RISKS, noneOffer } = await import('../runners/sandbox/capabilities.js');
      if (settings.current().sandbox === 'none') {
        runUnconfined();
        return undefined;
      }
      const offer = await noneOffer();
      return offer ? { ...offer, risks: NONE_RISKS } : undefined;
    },
    async acceptNone() {
      await settings.save('sandbox', 'none');
      runUnconfined();
    },
  };
}
