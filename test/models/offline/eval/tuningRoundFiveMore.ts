/**
 * The tuning phrasings of the planner's fifth round (issue #51), second half: polite requests,
 * several requests in one message, and questions about tasks, notes and dates (asking, not asking
 * to add), with follow-ups. Written for this round, never from a blind set (unread) nor paraphrased
 * from an earlier round. On the `week` workspace (see voices.ts), said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LECT, SLIDES } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

const NOTHING = /nothing|no (?:open )?tasks|none|\b0\b/i
const NO_ESSAY = /^(?![\s\S]*Essay on photosynthesis)/

/** Round five's second half, by voice. */
export const ROUND_FIVE_MORE: Readonly<Record<string, readonly EvalCase[]>> = {
  'polite requests': week([
    {
      say: ['Would you kindly add a task to renew my passport by the 20th? Thank you!'],
      expect: { created: [{ title: /^renew my passport$/i, due: '2026-12-20' }] },
    },
    {
      say: ['I was hoping you could set a reminder for me to call the landlord on Thursday.'],
      expect: { created: [{ title: /^call the landlord$/i, due: '2026-12-03' }] },
    },
    {
      say: ['When you get a chance, could you please add "collect dry cleaning" for Saturday?'],
      expect: { created: [{ title: /^collect dry cleaning$/i, due: '2026-12-05' }] },
    },
    {
      say: ['Could I ask you to move the essay to Friday, please?'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    },
    {
      say: ['Would it be too much to ask to mark read chapter 5 as complete?'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['If possible, please delete the calculator task. Many thanks.'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['Do you think you could add a note called Lab tips: always label the tubes'],
      expect: { note: { title: /^Lab tips$/, content: /always label the tubes/ } },
    },
    {
      say: ['May I ask you to remind me to water the plants on Sunday?'],
      expect: { created: [{ title: /^water the plants$/i, due: '2026-12-06' }] },
    },
    {
      say: ["I'd really appreciate it if you could change the essay's importance to 5"],
      expect: { updated: [{ was: ESSAY, importance: 5 }] },
    },
    {
      say: ['Sorry to bother you, but could you add booking a haircut for next Friday?'],
      expect: { created: [{ title: /^book(?:ing)? a haircut$/i, due: '2026-12-11' }] },
    },
    {
      say: ['Would you mind terribly removing the due date from read chapter 5?'],
      expect: { updated: [{ was: CH5, due: null }] },
    },
    {
      say: [
        'Please could you remind me to pick up my prescription tomorrow morning, thanks so much',
      ],
      expect: { created: [{ title: /^pick up my prescription$/i, due: '2026-12-02' }] },
    },
    {
      say: ['Might I trouble you to add a task: register for the exam by the 10th'],
      expect: { created: [{ title: /^register for the exam$/i, due: '2026-12-10' }] },
    },
    {
      say: [
        'Hello! I hope you are well. Could you add a task to send my CV to the careers office by Monday?',
      ],
      expect: { created: [{ title: /^send my cv to the careers office$/i, due: '2026-12-07' }] },
    },
    {
      say: ['Would you be so kind as to remind me to thank Professor Lee on Wednesday?'],
      expect: { created: [{ title: /^thank professor lee$/i, due: '2026-12-02' }] },
    },
    {
      say: ['It would be great if you could add a task to finish the lab write-up by Thursday'],
      expect: { created: [{ title: /^finish the lab write-up$/i, due: '2026-12-03' }] },
    },
    {
      say: ['Just a quick one - can you rename the calculator task to Buy a graphing calculator?'],
      expect: { updated: [{ was: CALC, title: /^buy a graphing calculator$/i }] },
    },
    {
      say: ['Thank you so much! Could you also add buy a new charger for tomorrow'],
      expect: { created: [{ title: /^buy a new charger$/i, due: '2026-12-02' }] },
    },
    {
      say: ['Please add buy a gift for mum by the 12th, it is quite important'],
      expect: {
        created: [{ title: /^buy a gift for mum$/i, due: '2026-12-12', importance: HIGH }],
      },
    },
  ]),
  'several requests at once': week([
    {
      say: ['Can you please add buy milk and eggs tomorrow'],
      expect: { created: [{ title: /^buy milk and eggs$/i, due: '2026-12-02' }] },
    },
    {
      say: ['Please add three things: call the bank, email my tutor, and buy stamps'],
      expect: {
        created: [
          { title: /^call the bank$/i },
          { title: /^email my tutor$/i },
          { title: /^buy stamps$/i },
        ],
      },
    },
    {
      say: ['Could you move the essay to Thursday and mark the calculator one as done?'],
      expect: {
        updated: [
          { was: ESSAY, due: '2026-12-03' },
          { was: CALC, done: true },
        ],
      },
    },
    {
      say: ['Please remind me to revise genetics on Wednesday and to book the lab on Thursday'],
      expect: {
        created: [
          { title: /^revise genetics$/i, due: '2026-12-02' },
          { title: /^book the lab$/i, due: '2026-12-03' },
        ],
      },
    },
    {
      say: ['Add pay rent on friday, then remind me to call home on sunday, thanks'],
      expect: {
        created: [
          { title: /^pay rent$/i, due: '2026-12-04' },
          { title: /^call home$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: [
        'Would you delete the calculator task and add a task to borrow a calculator from Tom instead?',
      ],
      expect: { deleted: [CALC], created: [{ title: /^borrow a calculator from tom$/i }] },
    },
    {
      say: ['Please tick off read chapter 5, and push the essay back to next wednesday'],
      expect: {
        updated: [
          { was: CH5, done: true },
          { was: ESSAY, due: '2026-12-09' },
        ],
      },
    },
    {
      say: ['could you add: 1. buy folders 2. print notes 3. pay library fine'],
      expect: {
        created: [
          { title: /^buy folders$/i },
          { title: /^print notes$/i },
          { title: /^pay library fine$/i },
        ],
      },
    },
    {
      say: [
        'I need three reminders please: dentist on monday, haircut on tuesday, gym on thursday',
      ],
      expect: {
        created: [
          { title: /^dentist$/i, due: '2026-12-07' },
          { title: /^haircut$/i, due: '2026-12-08' },
          { title: /^gym$/i, due: '2026-12-03' },
        ],
      },
    },
    {
      say: ['Remember that my tutor is Dr Okafor, and remind me to email her on Friday'],
      expect: {
        memory: /tutor is Dr Okafor/i,
        created: [{ title: /^email (?:her|dr okafor)$/i, due: '2026-12-04' }],
      },
    },
    {
      say: ['Mark the essay and read chapter 5 as done please'],
      expect: {
        updated: [
          { was: ESSAY, done: true },
          { was: CH5, done: true },
        ],
      },
    },
    {
      say: ['Please move read chapter 5 to Saturday and make it important'],
      expect: { updated: [{ was: CH5, due: '2026-12-05', importance: HIGH }] },
    },
    {
      say: ['Kindly remove the calculator task and the lecture 1 review task'],
      expect: { deleted: [CALC, LECT] },
    },
    {
      say: [
        'Please can you add two tasks - email the landlord today and pay the deposit on friday',
      ],
      expect: {
        created: [
          { title: /^email the landlord$/i, due: '2026-12-01' },
          { title: /^pay the deposit$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['Could you please mark the flashcards task done and delete the lecture 1 review?'],
      expect: { updated: [{ was: CARDS, done: true }], deleted: [LECT] },
    },
    {
      say: ['add a task to study for the quiz on thursday. also, what is due this week?'],
      expect: {
        created: [{ title: /^study for the quiz$/i, due: '2026-12-03' }],
        answer: [/Read chapter 5/],
      },
    },
    {
      say: [
        'untick print lecture slides and tick return library books... wait, it is already done. just the first',
      ],
      expect: { updated: [{ was: SLIDES, done: false }] },
    },
    {
      say: ['First add buy a lamp, then add fix my bike on saturday'],
      expect: {
        created: [{ title: /^buy a lamp$/i }, { title: /^fix my bike$/i, due: '2026-12-05' }],
      },
    },
  ]),
  'questions about tasks, notes and dates': week([
    {
      say: ['whats overdue?'],
      expect: { answer: [NOTHING] },
    },
    {
      say: ['which tasks have no due date'],
      expect: { answer: [/Buy a calculator/] },
    },
    {
      say: ['what have i already finished'],
      expect: { answer: [/Return library books/, /Print lecture slides/] },
    },
    {
      say: ['how many tasks have i completed'],
      expect: { answer: [/\b2\b|two/i] },
    },
    {
      say: ['is anything due on friday?'],
      expect: { answer: [NOTHING] },
    },
    {
      say: ["what's due next week"],
      expect: { answer: [/Essay on photosynthesis/] },
    },
    {
      say: ['what is in my exam plan note'],
      expect: { answer: [/Revise respiration first/] },
    },
    {
      say: ['what did i write in the mitochondria note?'],
      expect: { answer: [/Powerhouse of the cell/] },
    },
    {
      say: ['when is my exam'],
      expect: { answer: [/15 December/] },
    },
    {
      say: ['what day is the essay due'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['how many days till the essay is due'],
      expect: { answer: [/\b7\b/] },
    },
    {
      say: ['do i have notes on glycolysis'],
      expect: { answer: [/glycolysis/i] },
    },
    {
      say: ['what notes have i made so far'],
      expect: { answer: [/Exam plan/, /Mitochondria/] },
    },
    {
      say: ['whats my least important task'],
      expect: { answer: [/Make flashcards for the Krebs cycle/] },
    },
    {
      say: ['show me everything due in december'],
      expect: { answer: [/Read chapter 5/, /Essay on photosynthesis/] },
    },
    {
      say: ['what tasks are still open'],
      expect: { answer: [/Buy a calculator/, /^(?![\s\S]*Return library books)/] },
    },
    {
      say: ['did i finish return library books'],
      expect: { answer: [/yes|done|finished|completed/i] },
    },
    {
      say: ["when's read chapter 5 due again"],
      expect: { answer: [/3 Dec/] },
    },
    {
      say: ['what is due on thursday'],
      expect: { answer: [/Read chapter 5/] },
    },
    {
      say: ['any tasks due in the next 3 days?'],
      expect: { answer: [/Read chapter 5/, NO_ESSAY] },
    },
    {
      say: ["what's on my plate tomorrow"],
      expect: { answer: [NOTHING] },
    },
    {
      say: ['list my tasks by due date'],
      expect: { answer: [/Read chapter 5[\s\S]*Essay on photosynthesis/] },
    },
    {
      say: ['which of my tasks are high priority'],
      expect: { answer: [/Essay on photosynthesis/] },
    },
    {
      say: ["what's left to do this week?"],
      expect: { answer: [/Read chapter 5/] },
    },
    {
      say: ['do i have a note about mitochondria'],
      expect: { answer: [/Mitochondria/] },
    },
    {
      say: ['what do you know about my exam'],
      expect: { answer: [/15 December/] },
    },
    {
      say: ['whats due thursday', 'ok push it to saturday'],
      expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    },
    {
      say: ["what's my most important task", 'when is it due'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['what have i finished', 'delete the first one'],
      expect: { deleted: [BOOKS] },
    },
    {
      say: ['is the calculator task done?'],
      expect: { answer: [/not|open|no\b/i] },
    },
    {
      say: ['how many notes do i have and how many tasks are done'],
      expect: { answer: [/\b2\b|two/i] },
    },
    {
      say: ['whats the date today'],
      expect: { answer: [/1 Dec|December 1|Tuesday/i] },
    },
    {
      say: ['what is my earliest deadline?'],
      expect: { answer: [/Read chapter 5/, NO_ESSAY] },
    },
  ]),
}

/** Every phrasing of round five's second half, in one list. */
export const ROUND_FIVE_MORE_ALL: readonly EvalCase[] = Object.values(ROUND_FIVE_MORE).flat()
