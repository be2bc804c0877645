/** The tuning set: phrasings the planner is developed against (the held-out set is in heldout.ts). Same clock and workspace. */

import type { EvalCase } from './evalCase.ts'

/** The tuning phrasings. */
export const TUNING: readonly EvalCase[] = []
