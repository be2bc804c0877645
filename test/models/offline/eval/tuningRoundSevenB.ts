/**
 * Round 7, set B: polite / indirect / several-at-once requests, and English as a second language.
 * Clock: Tuesday 1 December 2026, 10:00. Workspace `week` on every case.
 */

// The cases live in three files, split out unchanged from this file as written.
import type { EvalCase } from './evalCase.ts'
import { SECOND_LANGUAGE } from './tuningRoundSevenBLearner.ts'
import { POLITE_MORE } from './tuningRoundSevenBPoliteMore.ts'
import { POLITE_ONE } from './tuningRoundSevenBPoliteOne.ts'

/** Round 7, set B, keyed by voice. Every case plays in the `week` workspace. */
export const tuningRoundSevenB: Readonly<Record<string, readonly EvalCase[]>> = {
  'polite, indirect, several at once': [...POLITE_ONE, ...POLITE_MORE],
  'English as a second language': SECOND_LANGUAGE,
}
