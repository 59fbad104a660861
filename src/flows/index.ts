import type { Settings } from '../config.js';
import type { Flow, Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { alphacodium, alphacodiumBound, alphacodiumDefaults, type AlphacodiumOptions } from './alphacodium.js';
import { codesim, type CodesimOptions } from './codesim.js';
import { mapcoder, type MapcoderOptions } from './mapcoder.js';

export type FlowName = 'codesim' | 'mapcoder' | 'alphacodium';

/** The budget keys a flow reads; structural, so any settings object with them will do. */
export type BudgetSettings = { budgets?: Partial<Pick<Settings['budgets'], 'codesim' | 'mapcoder' | 'alphacodium'>> };

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
function filled<O extends { [K in keyof O]: number | boolean }>(defaults: O, given: Partial<O> | undefined): O {
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

const alphacodiumEntry: FlowEntry<AlphacodiumOptions> = {
  run: alphacodium,
  title: 'AlphaCodium',
  about: 'reflect, rank solutions, AI tests, initial code, fix on public then AI tests with test anchors',
  defaults: alphacodiumDefaults,
  optionsFrom: (s) => filled(alphacodiumDefaults, s.budgets?.alphacodium),
  bound: alphacodiumBound,
};

export const flows: { codesim: FlowEntry<CodesimOptions>; mapcoder: FlowEntry<MapcoderOptions>; alphacodium: FlowEntry<AlphacodiumOptions> } = {
  codesim: codesimEntry,
  mapcoder: mapcoderEntry,
  alphacodium: alphacodiumEntry,
};

export const flowNames = Object.keys(flows) as FlowName[];

export const isFlowName = (name: string): name is FlowName => Object.hasOwn(flows, name);

export type { CodesimOptions, MapcoderOptions, AlphacodiumOptions };

/**
 * A flow by name with its options type erased, for callers that pick the flow at run time
 * (solve, eval, the TUI): options come from settings, and the bound from those options.
 */
export interface PickedFlow {
  name: FlowName;
  title: string;
  about: string;
  options: Record<string, number | boolean>;
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
      options: { ...(options as Record<string, number | boolean>) },
      bound: e.bound(options),
      run: (s, p) => e.run(s, p, options),
    };
  };
  return name === 'codesim' ? pick(flows.codesim) : name === 'mapcoder' ? pick(flows.mapcoder) : pick(flows.alphacodium);
}
