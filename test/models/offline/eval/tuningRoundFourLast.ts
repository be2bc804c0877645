/**
 * Round four's third batch of tuning phrasings (issue #51): Indian and British English idioms,
 * follow-ups that point back and requests that could mean two things, written after the second
 * batch was fixed and before any change for this one. On the `week` workspace, said on Tuesday
 * 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { CH5, ESSAY, HIGH } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

// The answer offers no "add a task to <what was said>".
const NO_TASK_OFFER = /^(?![\s\S]*add a task to \w)/

/** Round four's third batch, by category. */
export const ROUND_FOUR_LAST: Readonly<Record<string, readonly EvalCase[]>> = {
  'indian and british idioms': week([
    {
      say: ['please prepone read chapter 5 to tomorrow'],
      expect: { updated: [{ was: CH5, due: '2026-12-02' }] },
    },
    {
      say: ['kindly do one thing, add a task to submit the bonafide form by tomorrow itself'],
      expect: { created: [{ title: /^submit the bonafide form$/i, due: '2026-12-02' }] },
    },
    {
      say: ['remind me to revert to the hod on friday'],
      expect: { created: [{ title: /^revert to the hod$/i, due: '2026-12-04' }] },
    },
    {
      say: ['pop a reminder in to ring the surgery on monday, cheers'],
      expect: { created: [{ title: /^ring the surgery$/i, due: '2026-12-07' }] },
    },
    {
      say: ['could you be a love and stick buy teabags on my list'],
      expect: { created: [{ title: /^buy teabags$/i }] },
    },
    {
      say: ['add revise for the mock exam, its quite urgent'],
      expect: { created: [{ title: /^revise for the mock exam$/i, importance: HIGH }] },
    },
    {
      say: ['i have to submit the assignment on or before friday, please add'],
      expect: { created: [{ title: /^submit the assignment$/i, due: '2026-12-04' }] },
    },
    {
      say: ['the essay has been postponed to monday week'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-14' }] },
    },
  ]),
  'follow-ups, again': week([
    {
      say: ['when is read chapter 5 due', 'ok mark it done'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['whats my next deadline', 'push that back to saturday'],
      expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    },
    {
      say: ['add buy a lanyard tomorrow and book the gym on friday', 'delete the last one'],
      expect: { created: [{ title: /^buy a lanyard$/i, due: '2026-12-02' }] },
    },
    {
      say: ['remind me to call the vet tomorrow', 'sorry, make it thursday'],
      expect: { created: [{ title: /^call the vet$/i, due: '2026-12-03' }] },
    },
    {
      say: ['add print my cv', 'make it due friday and important'],
      expect: { created: [{ title: /^print my cv$/i, due: '2026-12-04', importance: HIGH }] },
    },
    {
      say: ["what's my most important task", 'rename it to Essay on photosynthesis final'],
      expect: { updated: [{ was: ESSAY, title: /^Essay on photosynthesis final$/i }] },
    },
  ]),
  'ask back, once more': week([
    {
      say: ['the calculator thing'],
      expect: { noEcho: true, answer: [/\?/] },
    },
    {
      say: ['hmm not sure what to do today'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['delete it'],
      expect: { noEcho: true, answer: [/\?/] },
    },
    {
      say: ['my mum says hi'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['buy a calculator'],
      expect: { noEcho: true },
    },
  ]),
  'questions, once more': week([
    {
      say: ['do i have anything due tomorrow?'],
      expect: { answer: [/nothing|no (?:open )?tasks|none/i] },
    },
    {
      say: ['is there anything overdue'],
      expect: { answer: [/nothing|no (?:open )?tasks|none|\b0\b/i] },
    },
    {
      say: ['when do i have to hand in the essay'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['whats the most urgent thing rn'],
      expect: { answer: [/Essay on photosynthesis|Read chapter 5/] },
    },
    {
      say: ['how many notes have i got'],
      expect: { answer: [/\b2\b|two/i] },
    },
    {
      say: ['have i bought the calculator yet'],
      expect: { answer: [/not|isn't|open|no\b/i] },
    },
  ]),
}

/** Every phrasing of round four's third batch, in one list. */
export const ROUND_FOUR_LAST_ALL: readonly EvalCase[] = Object.values(ROUND_FOUR_LAST).flat()
