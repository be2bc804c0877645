/**
 * Round six, writer B (blind): two voices on the `week` workspace, clock Tuesday 1 December 2026,
 * in four files of cases written unchanged; here joined by voice, in the order they were written.
 *
 * The `week` workspace: open tasks “Review lecture 1 notes” (importance 3), “Make flashcards for the
 * Krebs cycle” (importance 2), “Essay on photosynthesis” (8 Dec, importance 4), “Read chapter 5”
 * (3 Dec), “Buy a calculator”; done “Return library books” (30 Nov) and “Print lecture slides”;
 * notes “Exam plan” and “Mitochondria”; memories: short study sessions of about 25 minutes, the
 * exam on 15 December, studying best in the morning.
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { LEARNER_ADDS } from './tuningRoundSixBLearnerAdds.ts'
import { LEARNER_MORE } from './tuningRoundSixBLearnerMore.ts'
import { POLITE_ONE } from './tuningRoundSixBPoliteOne.ts'
import { POLITE_SEVERAL } from './tuningRoundSixBPoliteSeveral.ts'

/** Round six, writer B: the cases by voice. */
export const ROUND_SIX_B: Readonly<Record<string, readonly EvalCase[]>> = {
  'English as a second language': [...LEARNER_ADDS, ...LEARNER_MORE],
  'polite, indirect, several at once': [...POLITE_ONE, ...POLITE_SEVERAL],
}
