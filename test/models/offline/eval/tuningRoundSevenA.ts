/**
 * Round 7, writer A (blind): questions about tasks and notes with follow-ups, and dictated speech.
 * Workspace `week` on Tuesday 1 December 2026, 10:00: open tasks Essay on photosynthesis (8 Dec, 4),
 * Read chapter 5 (3 Dec), Buy a calculator, Review lecture 1 notes (3), Make flashcards for the Krebs
 * cycle (2); done Return library books (30 Nov) and Print lecture slides; notes Exam plan and
 * Mitochondria; memories: 25-minute sessions, exam on 15 December, studies best in the morning.
 */

// The cases live one voice a file, split out unchanged from this file as written.
import type { EvalCase } from './evalCase.ts'
import { DICTATED } from './tuningRoundSevenADictated.ts'
import { QUESTIONS } from './tuningRoundSevenAQuestions.ts'

/** Round 7, writer A: the cases by voice. */
export const tuningRoundSevenA: Readonly<Record<string, readonly EvalCase[]>> = {
  'questions and follow-ups': QUESTIONS,
  'dictated speech': DICTATED,
}
