// The budget flags of `solve --auto` and `eval`, apart from applying them (headless.ts, with the
// settings' validator): `solve` reads its flags, and a run that gives none never loads zod.
import { budgetEntries } from '../../flows/index.js';

type FlagSpec = { type: 'string' } | { type: 'boolean' };

/**
 * The budget flags of `solve --auto` and `eval`: each flag a flow's record names (a flag two
 * flows name sets both). The session caps (--max-calls, --max-tokens) are in flags/flagTable.ts.
 */
export const budgetFlags: Record<string, FlagSpec> = {
  ...Object.fromEntries(
    budgetEntries()
      .filter((e) => e.budget.flag)
      .map((e) => [e.budget.flag, { type: e.budget.kind === 'switch' ? 'boolean' : 'string' } as FlagSpec]),
  ),
};

export type BudgetValues = Partial<Record<string, string | boolean | (string | boolean)[]>>;

/** Whether a run gives a budget flag or a session cap; without one, `withBudgets` changes nothing. */
export const budgetsGiven = (values: BudgetValues): boolean =>
  ['max-calls', 'max-tokens', ...Object.keys(budgetFlags)].some((flag) => values[flag] !== undefined);
