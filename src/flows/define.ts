// The shape of a flow's registry record. Each flow declares one in its own `<name>.meta.ts`
// beside its function (see codesim.meta.ts); src/flows/index.ts lists them, and the settings
// schema, the `config` key docs, the settings screen, `--help`, the budget flags and `--flow`
// validation are derived from it. The record holds only data and a loader: settings and the
// first frame read it without loading a flow's agents, runners or parsers (DESIGN "Start-up").
import type { Outcome, PaneKind, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';

/** A whole-number budget (plans tried, debug rounds, …). */
export interface CountBudget {
  kind?: 'count';
  default: number;
  min: number;
  max: number;
  /** Short, for the settings screen: "plans (p)". */
  label: string;
  /** One line for `config list` and `--help`: "plans tried". */
  doc: string;
  /**
   * The `solve --auto` / `eval` flag that sets it for one run ("plans" → `--plans N`). Flows
   * that name the same flag share it: `--debug-rounds` sets every flow's debug rounds.
   */
  flag?: string;
}

/** An on/off option of a method (AlphaCodium's double validation of AI tests, say). */
export interface SwitchBudget {
  kind: 'switch';
  default: boolean;
  label: string;
  doc: string;
  /** Its flag turns it on; a flag named `no-…` turns it off instead. */
  flag?: string;
}

/** One of a few named ways (CodeTree's search order: critic, bfs, dfs). */
export interface ChoiceBudget {
  kind: 'choice';
  default: string;
  choices: readonly [string, ...string[]];
  label: string;
  doc: string;
  flag?: string;
}

export type Budget = CountBudget | SwitchBudget | ChoiceBudget;

/** A flow's options: each a number, an on/off switch or a named choice, each declared as a budget. */
export type FlowOptions = { [key: string]: number | boolean | string };

type Option = number | boolean | string;

type BudgetOf<V> = V extends boolean ? SwitchBudget : V extends string ? ChoiceBudget : CountBudget;

export interface FlowSpec<N extends string, O extends { [K in keyof O]: Option }> {
  /** The name in settings, `--flow` and the journal. */
  name: N;
  /** As a person writes it: "CodeSIM". */
  title: string;
  /** One line for `--help` and the settings screen. */
  about: string;
  budgets: { [K in keyof O]-?: BudgetOf<O[K]> };
  /** Model calls of the method with the auto gate: fewest (first code passes) and most. */
  bound(options: O): { best: number; worst: number };
  /** The panes its steps show (each must have a renderer in src/components/panes). */
  panes: readonly PaneKind[];
  /**
   * Whether a hidden test the program failed can be sent to the method's own debug loop as a new
   * sample (`d` after a failed Submit): the flow runs the samples and repairs from what they say.
   */
  takesSample?(options: O): boolean;
  /**
   * The person writes the program and the model only helps: a session starts with no model server,
   * and the model's steps wait until one answers (practice).
   */
  offline?: boolean;
  /** The flow's function, imported when a session starts: `() => import('./foo.js').then((m) => m.foo)`. */
  load(): Promise<FlowRun<O>>;
}

/** A flow's function: the method's pseudo-code over the engine's steps. */
export type FlowRun<O> = (s: Steps, p: Problem, options: O) => Promise<Outcome>;

/** The options type of a flow's record, read from its function's signature. */
export type OptionsOf<F extends { load(): Promise<FlowRun<never>> }> = Parameters<Awaited<ReturnType<F['load']>>>[2];

/** A record with its options type erased: what the list holds and callers that pick by name see. */
export interface RegisteredFlow {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly budgets: Readonly<Record<string, Budget>>;
  readonly panes: readonly PaneKind[];
  // Methods (not function-typed properties) so that each flow's own options type fits here.
  bound(options: FlowOptions): { best: number; worst: number };
  takesSample?(options: FlowOptions): boolean;
  readonly offline?: boolean;
  load(): Promise<FlowRun<FlowOptions>>;
  /** Runs the flow, its function imported on first use. */
  run(s: Steps, p: Problem, options: FlowOptions): Promise<Outcome>;
}

/**
 * The record seen through the erased type. Sound because callers by name build the options
 * from the record's own budgets (see `optionsOf`), so they have exactly O's keys and kinds.
 */
export const erased = (f: FlowSpec<string, never> | object): RegisteredFlow => {
  const spec = f as Omit<RegisteredFlow, 'run'>;
  return { ...spec, run: async (s, p, options) => (await spec.load())(s, p, options) };
};

/** Declares a flow; the identity, but it checks the record and keeps the name's literal type. */
export const defineFlow = <const N extends string, O extends { [K in keyof O]: Option }>(
  spec: FlowSpec<N, O>,
): FlowSpec<N, O> => spec;

/** A flow's options at their declared defaults. */
export function defaultsOf<N extends string, O extends { [K in keyof O]: Option }>(f: FlowSpec<N, O>): O {
  // Built key by key from the record's own budgets, which name exactly O's keys.
  return Object.fromEntries(Object.entries<Budget>(f.budgets).map(([k, b]) => [k, b.default])) as O;
}

/** What a budget accepts, as `config` and the error messages say it. */
export const allowedOf = (b: Budget): string =>
  b.kind === 'switch' ? 'true | false' : b.kind === 'choice' ? b.choices.join(' | ') : `an integer ${b.min}..${b.max}`;

/** The type of value a budget holds, as `typeof` names it. */
export const typeOfBudget = (b: Budget): 'boolean' | 'string' | 'number' =>
  b.kind === 'switch' ? 'boolean' : b.kind === 'choice' ? 'string' : 'number';
