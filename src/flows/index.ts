import type { Settings } from '../config.js';
import type { Flow, Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { codesim, type CodesimOptions } from './codesim.js';
import { mapcoder, type MapcoderOptions } from './mapcoder.js';

export type FlowName = 'codesim' | 'mapcoder';

/** The budget keys a flow reads; structural, so any settings object with them will do. */
export type BudgetSettings = { budgets?: Partial<Pick<Settings['budgets'], 'codesim' | 'mapcoder'>> };

export interface FlowEntry<O> {
  run: Flow<O>;
  title: string;
  /** One line for `--help` and the flow picker. */
  about: string;
  defaults: O;
  optionsFrom(settings: BudgetSettings): O;
  /** Model calls of the method with the auto gate: fewest (first code passes) and most. */
  bound(options: O): { best: number; worst: number };
}

/** Each option as the settings give it, else its default (keys beyond the defaults ignored). */
function filled<O extends { [K in keyof O]: number }>(defaults: O, given: Partial<O> | undefined): O {
  const out = { ...defaults };
  for (const k of Object.keys(defaults) as (keyof O)[]) out[k] = given?.[k] ?? defaults[k];
  return out;
}

const codesimDefaults: CodesimOptions = { plans: 5, debugRounds: 5 };
const mapcoderDefaults: MapcoderOptions = { exemplars: 3, debugRounds: 5 };

const codesimEntry: FlowEntry<CodesimOptions> = {
  run: codesim,
  title: 'CodeSIM',
  about: 'plan with a recalled example, simulate it on a sample, revise, code, debug by simulation',
  defaults: codesimDefaults,
  optionsFrom: (s) => filled(codesimDefaults, s.budgets?.codesim),
  // plan, simulate, code | per plan: plan, simulate, revise, code + d debugs
  bound: (o) => ({ best: 3, worst: o.plans * (4 + o.debugRounds) }),
};

const mapcoderEntry: FlowEntry<MapcoderOptions> = {
  run: mapcoder,
  title: 'MapCoder',
  about: 'recall k problems and an algorithm, a plan per exemplar with a confidence, code, debug',
  defaults: mapcoderDefaults,
  optionsFrom: (s) => filled(mapcoderDefaults, s.budgets?.mapcoder),
  // retrieve + n·(plan, confidence) + code | … + n·(code + t debugs)   (n = k here)
  bound: (o) => ({
    best: 2 * o.exemplars + 2,
    worst: 1 + 2 * o.exemplars + o.exemplars * (1 + o.debugRounds),
  }),
};

export const flows: { codesim: FlowEntry<CodesimOptions>; mapcoder: FlowEntry<MapcoderOptions> } = {
  codesim: codesimEntry,
  mapcoder: mapcoderEntry,
};

export const flowNames = Object.keys(flows) as FlowName[];

export const isFlowName = (name: string): name is FlowName => Object.hasOwn(flows, name);

export type { CodesimOptions, MapcoderOptions };

/**
 * A flow by name with its options type erased, for callers that pick the flow at run time
 * (solve, eval, the TUI): options come from settings, and the bound from those options.
 */
export interface PickedFlow {
  name: FlowName;
  title: string;
  about: string;
  options: Record<string, number>;
  bound: { best: number; worst: number };
  run(s: Steps, p: Problem): Promise<Outcome>;
}

export function pickFlow(name: FlowName, settings: BudgetSettings = {}): PickedFlow {
  const pick = <O extends object>(e: FlowEntry<O>): PickedFlow => {
    const options = e.optionsFrom(settings);
    return {
      name,
      title: e.title,
      about: e.about,
      options: { ...(options as Record<string, number>) },
      bound: e.bound(options),
      run: (s, p) => e.run(s, p, options),
    };
  };
  return name === 'codesim' ? pick(flows.codesim) : pick(flows.mapcoder);
}
