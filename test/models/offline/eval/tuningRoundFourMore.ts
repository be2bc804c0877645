/**
 * Round four's second batch of tuning phrasings (issue #51), written after the first batch was
 * read, before any change for them: new wordings of the same kinds, to see whether the first
 * batch's fixes generalise. On the `week` workspace, said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LOW } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

// The answer offers no "add a task to <what was said>".
const NO_TASK_OFFER = /^(?![\s\S]*add a task to \w)/

/** Round four's second batch, by category. */
export const ROUND_FOUR_MORE: Readonly<Record<string, readonly EvalCase[]>> = {
  'frames and texting, again': week([
    {
      say: ["hey can u pls put 'finish lab 3' on my todo list for thurs"],
      expect: { created: [{ title: /^finish lab 3$/i, due: '2026-12-03' }] },
    },
    {
      say: ['gonna need a reminder to book my flu jab on saturday'],
      expect: { created: [{ title: /^book my flu jab$/i, due: '2026-12-05' }] },
    },
    {
      say: ['pls remind me abt the society meeting tmrw'],
      expect: { created: [{ title: /^(?:the )?society meeting$/i, due: '2026-12-02' }] },
    },
    {
      say: ['r u able to add revise thermodynamics 4 tmrw'],
      expect: { created: [{ title: /^revise thermodynamics$/i, due: '2026-12-02' }] },
    },
    {
      say: ['could u b a star and remind me to ring nan on sunday'],
      expect: { created: [{ title: /^ring nan$/i, due: '2026-12-06' }] },
    },
    {
      say: ['Sir, kindly add one task: prepare the seminar presentation by 10th December'],
      expect: { created: [{ title: /^prepare the seminar presentation$/i, due: '2026-12-10' }] },
    },
    {
      say: ['Please add a reminder for me to pay the exam fees before monday'],
      expect: { created: [{ title: /^pay the exam fees$/i, due: '2026-12-07' }] },
    },
    {
      say: ['i must not forget to collect the parcel from the post office tomorrow'],
      expect: {
        created: [{ title: /^collect the parcel from the post office$/i, due: '2026-12-02' }],
      },
    },
    {
      say: ['ok add: return the hired gown, by friday'],
      expect: { created: [{ title: /^return the hired gown$/i, due: '2026-12-04' }] },
    },
    {
      say: ["uhh i guess add reply to sarah's email, not urgent"],
      expect: { created: [{ title: /^reply to sarah's email$/i, importance: LOW }] },
    },
    {
      say: ['definitely need to finish the ethics form today its super important'],
      expect: {
        created: [{ title: /^finish the ethics form$/i, due: '2026-12-01', importance: HIGH }],
      },
    },
    {
      say: ['so like could you add a task for revising cell biology thursday'],
      expect: { created: [{ title: /^revis(?:e|ing) cell biology$/i, due: '2026-12-03' }] },
    },
  ]),
  'corrections, again': week([
    {
      say: ['add call the council on friday... no wait, monday'],
      expect: { created: [{ title: /^call the council$/i, due: '2026-12-07' }] },
    },
    {
      say: ['remind me to buy a gift for mum on the 12th - actually make that the 11th'],
      expect: { created: [{ title: /^buy a gift for mum$/i, due: '2026-12-11' }] },
    },
    {
      say: ['move read chapter 5 to thursday, sorry I mean wednesday'],
      expect: { updated: [{ was: CH5, due: '2026-12-02' }] },
    },
    {
      say: ['add finish the poster tomorrow or rather on thursday'],
      expect: { created: [{ title: /^finish the poster$/i, due: '2026-12-03' }] },
    },
    {
      say: ['remind me to email the lab tech monday no tuesday'],
      expect: { created: [{ title: /^email the lab tech$/i, due: '2026-12-08' }] },
    },
    {
      say: ['add revise maths thursday. Correction: friday'],
      expect: { created: [{ title: /^revise maths$/i, due: '2026-12-04' }] },
    },
  ]),
  'dates, again': week([
    {
      say: ['add hand in the lab book a week on friday'],
      expect: { created: [{ title: /^hand in the lab book$/i, due: '2026-12-11' }] },
    },
    {
      say: ['remind me to pay the deposit in 3 days'],
      expect: { created: [{ title: /^pay the deposit$/i, due: '2026-12-04' }] },
    },
    {
      say: ['add prep for the viva on 15/12'],
      expect: { created: [{ title: /^prep for the viva$/i, due: '2026-12-15' }] },
    },
    {
      say: ['add submit timesheet this friday'],
      expect: { created: [{ title: /^submit timesheet$/i, due: '2026-12-04' }] },
    },
    {
      say: ['remind me to call the bank first thing tomorrow'],
      expect: { created: [{ title: /^call the bank$/i, due: '2026-12-02' }] },
    },
    {
      say: ['add finish lab report by eod'],
      expect: { created: [{ title: /^finish lab report$/i, due: '2026-12-01' }] },
    },
    {
      say: ['remind me to get a haircut the 7th'],
      expect: { created: [{ title: /^get a haircut$/i, due: '2026-12-07' }] },
    },
    {
      say: ['push read chapter 5 back a week'],
      expect: { updated: [{ was: CH5, due: '2026-12-10' }] },
    },
  ]),
  'news, again': week([
    {
      say: ['lecturer moved the essay deadline to the 20th'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-20' }] },
    },
    {
      say: ['the essay got cancelled, get rid of it'],
      expect: { deleted: [ESSAY] },
    },
    {
      say: ['already bought a calculator lol'],
      expect: { updated: [{ was: CALC, done: true }] },
    },
    {
      say: ['I have completed reading chapter 5, please update'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['the flashcards thing is sorted, cross it off'],
      expect: { updated: [{ was: CARDS, done: true }] },
    },
  ]),
  'several, again': week([
    {
      say: ['add buy milk, eggs and bread tomorrow'],
      expect: { created: [{ title: /^buy milk, eggs and bread$/i, due: '2026-12-02' }] },
    },
    {
      say: ['remind me to call mum tonight and also to finish the reading on friday'],
      expect: {
        created: [
          { title: /^call mum$/i, due: '2026-12-01' },
          { title: /^finish the reading$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['move the essay to monday and make it low priority'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-07', importance: LOW }] },
    },
    {
      say: ['add two things: wash the car on saturday and hoover the flat on sunday'],
      expect: {
        created: [
          { title: /^wash the car$/i, due: '2026-12-05' },
          { title: /^hoover the flat$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: ['tick off read chapter 5 and buy a calculator'],
      expect: {
        updated: [
          { was: CH5, done: true },
          { was: CALC, done: true },
        ],
      },
    },
  ]),
  'notes, again': week([
    {
      say: ['jot down in my mitochondria note: ATP made by oxidative phosphorylation'],
      expect: {
        note: { title: /^Mitochondria$/, content: /ATP made by oxidative phosphorylation/ },
      },
    },
    {
      say: ['trash the exam plan note'],
      expect: { notesGone: [/^Exam plan$/] },
    },
    {
      say: ["what's in my mitochondria note"],
      expect: { answer: [/Powerhouse of the cell/] },
    },
    {
      say: ['retitle mitochondria as Cell organelles'],
      expect: { note: { title: /^Cell organelles$/ }, notesGone: [/^Mitochondria$/] },
    },
    {
      say: ['delete the flashcards task'],
      expect: { deleted: [CARDS] },
    },
    {
      say: ['rename buy a calculator to buy a graphing calculator'],
      expect: { updated: [{ was: CALC, title: /^buy a graphing calculator$/i }] },
    },
  ]),
  'questions, again': week([
    {
      say: ['how many tasks are overdue'],
      expect: { answer: [/\b(?:0|no|none|nothing)\b/i] },
    },
    {
      say: ["what's due before the weekend"],
      expect: { answer: [/Read chapter 5/] },
    },
    {
      say: ['is the essay due this week'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['whats left on my list'],
      expect: { answer: [/Essay on photosynthesis/, /Buy a calculator/] },
    },
    {
      say: ["what's my most important task", 'ok tick it off'],
      expect: { updated: [{ was: ESSAY, done: true }] },
    },
    {
      say: ['remind me to call gran tomorrow', 'make it important'],
      expect: { created: [{ title: /^call gran$/i, due: '2026-12-02', importance: HIGH }] },
    },
    {
      say: ['add buy batteries', 'no wait, delete that'],
      expect: {},
    },
    {
      say: ['whats 15% of 240'],
      expect: { answer: [/\b36\b/] },
    },
  ]),
  'ask back, again': week([
    {
      say: ['can you do my homework for me'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['hahaha thats so true tho'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['the lab report'],
      expect: { noEcho: true, answer: [/\?/] },
    },
    {
      say: ["i'm feeling really overwhelmed with all this work"],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['the deadline tomorrow is stressing me out'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
  ]),
}

/** Every phrasing of round four's second batch, in one list. */
export const ROUND_FOUR_MORE_ALL: readonly EvalCase[] = Object.values(ROUND_FOUR_MORE).flat()
