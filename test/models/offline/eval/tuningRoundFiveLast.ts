/**
 * Round five's last batch of tuning phrasings (issue #51), in the same four voices, written after
 * the first batch (tuningRoundFive.ts, tuningRoundFiveMore.ts) was fixed and before any change for
 * this one: whether those fixes generalise. On the `week` workspace, said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, LECT } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

const NOTHING = /nothing|no (?:open )?tasks|none|\b0\b/i

/** Round five's last batch, by voice. */
export const ROUND_FIVE_LAST: Readonly<Record<string, readonly EvalCase[]>> = {
  'texting, again': week([
    {
      say: ['cud u add collect hoodie frm lost property 2moro'],
      expect: { created: [{ title: /^collect hoodie from lost property$/i, due: '2026-12-02' }] },
    },
    {
      say: ['mv ch 5 2 sat pls'],
      expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    },
    {
      say: ['wen is ch 5 due'],
      expect: { answer: [/3 Dec/] },
    },
    {
      say: ['add email landlord abt boiler 4 thurs'],
      expect: { created: [{ title: /^email landlord about boiler$/i, due: '2026-12-03' }] },
    },
    {
      say: ['calculator - got 1 frm my bro, bin that task'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['wat tasks r due nxt wk'],
      expect: { answer: [/Essay on photosynthesis/] },
    },
  ]),
  'second-language English, again': week([
    {
      say: ['please make for me reminder to pay the electricity at friday'],
      expect: { created: [{ title: /^pay the electricity$/i, due: '2026-12-04' }] },
    },
    {
      say: ['the flashcards task, please mark it like done'],
      expect: { updated: [{ was: CARDS, done: true }] },
    },
    {
      say: ['in thursday i must to go to the embassy, put it in my list'],
      expect: { created: [{ title: /^go to the embassy$/i, due: '2026-12-03' }] },
    },
    {
      say: ['when I have to give the essay?'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['review lecture 1 notes, you can remove it'],
      expect: { deleted: [LECT] },
    },
    {
      say: ['the essay deadline please change to next friday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    },
  ]),
  'polite and several, again': week([
    {
      say: [
        'Would you be able to add "renew bus pass" for Monday, and also remind me to call my aunt on Sunday?',
      ],
      expect: {
        created: [
          { title: /^renew bus pass$/i, due: '2026-12-07' },
          { title: /^call my aunt$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: ['If it is no trouble, could you push the essay to Thursday? Thanks a lot'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
    },
    {
      say: ['May I ask you to delete the calculator task and to mark read chapter 5 as done?'],
      expect: { deleted: [CALC], updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['Could you add these: 1. buy envelopes 2. post the forms 3. call the council'],
      expect: {
        created: [
          { title: /^buy envelopes$/i },
          { title: /^post the forms$/i },
          { title: /^call the council$/i },
        ],
      },
    },
    {
      say: ['I was wondering whether you could remind me to book a flu jab on Wednesday'],
      expect: { created: [{ title: /^book a flu jab$/i, due: '2026-12-02' }] },
    },
    {
      say: ['Thanks so much! Please add tidy my desk for tonight'],
      expect: { created: [{ title: /^tidy my desk$/i, due: '2026-12-01' }] },
    },
  ]),
  'questions, again': week([
    {
      say: ['have i done the flashcards yet?'],
      expect: { answer: [/not|open|no\b/i] },
    },
    {
      say: ['is read chapter 5 finished?'],
      expect: { answer: [/not|open|no\b/i] },
    },
    {
      say: ['anything due on sunday?'],
      expect: { answer: [NOTHING] },
    },
    {
      say: ['what is the least urgent thing on my list'],
      expect: { answer: [/Make flashcards for the Krebs cycle/] },
    },
    {
      say: ['which day is read chapter 5 due'],
      expect: { answer: [/3 Dec/] },
    },
    {
      say: ['the essay, when is it due?'],
      expect: { answer: [/8 Dec/] },
    },
  ]),
}

/** Every phrasing of round five's last batch, in one list. */
export const ROUND_FIVE_LAST_ALL: readonly EvalCase[] = Object.values(ROUND_FIVE_LAST).flat()
