// The settings of the running tutor: what the settings screen shows and edits. A save takes
// effect at once; the flags of this run still win over the saved file.
import type { SettingFlags, Settings } from '../settings/load.js';
import { APPROVAL_MODES, BACKENDS } from '../settings/choices.js';
import { flowRecord, flows, optionsOf } from '../flows/index.js';
import { langIds } from '../runners/languages/langs.js';
import type { SettingsChoices, SettingsView } from './controller.js';

export interface SettingsService {
  /** The settings in force now (a save replaces them). */
  current(): Settings;
  view(): SettingsView;
  choices(): SettingsChoices;
  /** Validates and saves one setting, then reads the settings again; rejects with a one-line message. */
  save(key: string, value: string | number | boolean): Promise<void>;
}

export interface SettingsOptions {
  settings: Settings;
  /** The flags of this run, re-applied after each save. */
  flags?: SettingFlags;
  /** Where the language came from when the command knows better than the flags ("from rs.cpp"). */
  langFrom?: string;
}

/** The chosen flow's budgets for the settings screen, from its registry record. */
function budgetsView(s: Settings): SettingsView['budgets'] {
  const f = flowRecord(s.flow);
  const values = optionsOf(f, s);
  return Object.entries(f.budgets).map(([name, b]) => ({
    key: `budgets.${f.name}.${name}`,
    label: b.label,
    value: String(values[name]),
    ...(b.kind === 'switch' ? { choices: ['true', 'false'] } : b.kind === 'choice' ? { choices: [...b.choices] } : {}),
  }));
}

export function createSettingsService(o: SettingsOptions): SettingsService {
  let settings = o.settings;
  // The validator (config.ts, zod) loads with the first save, not before the first frame.
  const reload = async (): Promise<Settings> => {
    const { resolveSettings } = await import('../settings/load.js');
    try {
      return resolveSettings(o.flags ?? {});
    } catch {
      return settings;
    }
  };
  return {
    current: () => settings,
    view: () => ({
      backend: settings.backend,
      host: settings.backend === 'ollama' ? settings.ollamaHost : settings.openaiBaseUrl,
      model: settings.model,
      flow: settings.flow,
      lang: settings.lang,
      langFrom: o.langFrom ?? (o.flags?.lang !== undefined ? '--lang' : 'from settings'),
      approval: settings.approval,
      budgets: budgetsView(settings),
    }),
    choices: () => ({
      backends: [...BACKENDS],
      langs: [...langIds],
      approvals: [...APPROVAL_MODES],
      flows: flows.map((f) => ({
        name: f.name,
        title: f.title,
        about: f.about,
        ...(f.offline ? { offline: true } : {}),
      })),
    }),
    async save(key, value) {
      const config = await import('../settings/load.js');
      await config.setSetting(key, value);
      settings = await reload();
    },
  };
}
