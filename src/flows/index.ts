// The flow registry: the list below is the only place that names every flow.
//
// To add a flow:
//   1. write src/flows/<name>.ts with the flow function, and its record beside it in
//      src/flows/<name>.meta.ts (data and a loader, so settings never load the flow's code):
//        export const fooFlow = defineFlow({ name: 'foo', title, about, budgets, bound, panes,
//                                            load: () => import('./foo.js').then((m) => m.foo) });
//      (its stages go in src/agents/<name>/, its prompts beside them);
//   2. add one import and one entry to `list` below:
//        import { fooFlow } from './foo.meta.js';      …      const list = [codesimFlow, mapcoderFlow, fooFlow] as const;
// Settings (`flow`, `budgets.foo.*` with their defaults and ranges), `config` key docs, the
// settings screen, `--help`, the `solve --auto` / `eval` budget flags and `--flow` validation
// all follow from the record; nothing else needs to change.
import { UsageError } from '../system/errors.js';
import type { SessionFlow } from '../engine/session.js';
import { alphacodiumFlow } from './alphacodium.meta.js';
import { codesimFlow } from './codesim.meta.js';
import { erased, typeOfBudget, type Budget, type FlowOptions, type OptionsOf, type RegisteredFlow } from './define.js';
import { mapcoderFlow } from './mapcoder.meta.js';
import { selfcollabFlow } from './selfcollab.meta.js';
import { codetreeFlow } from './codetree.meta.js';
import { checkFlow } from './check.meta.js';
import { practiceFlow } from './practice.meta.js';
import { stressFlowRecord } from './stress.meta.js';

const list = [
  codesimFlow,
  mapcoderFlow,
  alphacodiumFlow,
  selfcollabFlow,
  codetreeFlow,
  checkFlow,
  practiceFlow,
  stressFlowRecord,
] as const;

export type FlowName = (typeof list)[number]['name'];

/** Each flow's options type by name, for the settings' static type. */
export type FlowOptionsByName = { [F in (typeof list)[number] as F['name']]: OptionsOf<F> };

export const flows: readonly RegisteredFlow[] = list.map(erased);

export const flowNames = list.map((f) => f.name) as readonly FlowName[] as [FlowName, ...FlowName[]];

export const isFlowName = (name: string): name is FlowName => flows.some((f) => f.name === name);

/** The one message for a flow this build does not have, whoever asked for it. */
export const unknownFlow = (name: string): UsageError =>
  new UsageError(`unknown flow '${name}' (this simcoach has: ${flowNames.join(' | ')})`);

export function flowRecord(name: string): RegisteredFlow {
  const f = flows.find((x) => x.name === name);
  if (!f) throw unknownFlow(name);
  return f;
}

export type { CodesimOptions } from './codesim.js';
export type { MapcoderOptions } from './mapcoder.js';
export type { SelfcollabOptions } from './selfcollab.js';
export type { CodetreeOptions } from './codetree.js';
export type { CheckOptions } from './check.js';
export type { PracticeOptions } from './practice.js';
export type { StressOptions } from './stress.js';
export type {
  Budget,
  ChoiceBudget,
  CountBudget,
  SwitchBudget,
  FlowOptions,
  FlowRun,
  RegisteredFlow,
} from './define.js';
export { allowedOf, defaultsOf, defineFlow } from './define.js';
export { codesimFlow, mapcoderFlow, selfcollabFlow, codetreeFlow, practiceFlow };

/** The budget keys a flow reads; structural, so any settings object with them will do. */
export type BudgetSettings = { budgets?: { [flow: string]: unknown } };

/** Each option as the settings give it, else its default (keys the record does not declare ignored). */
export function optionsOf(f: RegisteredFlow, settings: BudgetSettings = {}): FlowOptions {
  const given = settings.budgets?.[f.name];
  const out: FlowOptions = {};
  for (const [key, b] of Object.entries(f.budgets)) {
    const v = typeof given === 'object' && given !== null ? (given as Record<string, unknown>)[key] : undefined;
    const fits = typeof v === typeOfBudget(b) && (b.kind !== 'choice' || b.choices.includes(v as string));
    out[key] = fits ? (v as number | boolean | string) : b.default;
  }
  return out;
}

/**
 * A flow by name, ready to run: options from the settings' budgets (a journal's header for a
 * resume or a replay), the call bound from those options. The engine takes this; it looks up
 * no flow itself.
 */
export interface PickedFlow extends SessionFlow {
  name: FlowName;
  title: string;
  about: string;
  options: FlowOptions;
  bound: { best: number; worst: number };
}

export function flowFor(name: string, settings: BudgetSettings = {}): PickedFlow {
  const f = flowRecord(name);
  const options = optionsOf(f, settings);
  return {
    name: f.name as FlowName,
    title: f.title,
    about: f.about,
    options,
    bound: f.bound(options),
    takesSample: f.takesSample?.(options) === true,
    run: (s, p) => f.run(s, p, options),
  };
}

/** Every budget with its settings key (`budgets.<flow>.<key>`), in the registry's order. */
export function budgetEntries(): { key: string; flow: RegisteredFlow; name: string; budget: Budget }[] {
  return flows.flatMap((f) =>
    Object.entries(f.budgets).map(([name, budget]) => ({ key: `budgets.${f.name}.${name}`, flow: f, name, budget })),
  );
}

/** The lines `--help` shows for the flows: name, what it does, its budget flags. */
export function flowHelp(): string {
  const width = Math.max(...flowNames.map((n) => n.length));
  return flows
    .map((f) => {
      const flags = Object.values(f.budgets)
        .filter((b) => b.flag)
        .map(
          (b) =>
            `--${b.flag}${b.kind === 'switch' ? '' : b.kind === 'choice' ? ` ${b.choices.join('|')} (${b.default})` : ` N (${b.min}..${b.max}, ${b.default})`}`,
        );
      return `  ${f.name.padEnd(width)}  ${f.title}: ${f.about}${flags.length ? `\n  ${' '.repeat(width)}  ${flags.join('  ')}` : ''}`;
    })
    .join('\n');
}
