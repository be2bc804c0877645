/**
 * The second held-out set ("voices"), second part: memory, edits, study maths, clause words and
 * plain tasks in other voices. Never tuned on (see voices.ts).
 */

import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LOW, SLIDES } from './heldoutNames.ts'

/** The voices phrasings from "Memory" on (voices.ts puts them on the `week` workspace). */
export const VOICES_LATER: readonly Omit<EvalCase, 'workspace'>[] = [
  // Memory: "note to self" is remembered; forget one thing or everything
  {
    voice: 'casual',
    say: ["note to self: I'm allergic to latex gloves"],
    expect: { memory: /allergic to latex gloves/i },
  },
  {
    voice: 'phone',
    say: ['note to self my locker code is 4471'],
    expect: { memory: /locker code is 4471/ },
  },
  {
    voice: 'formal',
    say: ['Note to self - I work best after lunch'],
    expect: { memory: /work best after lunch/i },
  },
  {
    voice: 'casual',
    say: ['forget that my exam is on 15 December'],
    expect: { forgotten: /exam is on 15 December/ },
  },
  {
    voice: 'phone',
    say: ['pls forget the thing about studying in the morning'],
    expect: { forgotten: /study best in the morning/ },
  },
  {
    voice: 'casual',
    say: ['forget everything you know about me'],
    expect: { memoryCleared: true },
  },
  { voice: 'phone', say: ['wipe all my memories pls'], expect: { memoryCleared: true } },
  {
    voice: 'non-native',
    say: ['delete all what you remember about me'],
    expect: { memoryCleared: true },
  },
  {
    voice: 'casual',
    say: ['you can forget about the 25 minute sessions'],
    expect: { forgotten: /25 minutes/ },
  },
  { voice: 'terse', say: ['keep in mind i am colourblind'], expect: { memory: /colou?rblind/i } },
  {
    voice: 'casual',
    say: ["remember my tutor's name is Mr Lee"],
    expect: { memory: /tutor's name is Mr Lee/ },
  },
  // Edits: rename, clear a due date, unmark, clear completed, several fields at once
  {
    voice: 'casual',
    say: ['rename the calculator task to buy a scientific calculator'],
    expect: { updated: [{ was: CALC, title: /^buy a scientific calculator$/i }] },
  },
  {
    voice: 'terse',
    say: ['retitle the essay: Essay on plant energy'],
    expect: { updated: [{ was: ESSAY, title: /^essay on plant energy$/i }] },
  },
  {
    voice: 'formal',
    say: ['Please remove the due date from read chapter 5.'],
    expect: { updated: [{ was: CH5, due: null }] },
  },
  {
    voice: 'casual',
    say: ['the essay doesnt have a deadline anymore'],
    expect: { updated: [{ was: ESSAY, due: null }] },
  },
  {
    voice: 'phone',
    say: ['no due date for the essay pls'],
    expect: { updated: [{ was: ESSAY, due: null }] },
  },
  {
    voice: 'terse',
    say: ['untick return library books'],
    expect: { updated: [{ was: BOOKS, done: false }] },
  },
  {
    voice: 'casual',
    say: ["i didn't actually print the lecture slides, mark it as not done"],
    expect: { updated: [{ was: SLIDES, done: false }] },
  },
  {
    voice: 'casual',
    say: ['reopen the library books task'],
    expect: { updated: [{ was: BOOKS, done: false }] },
  },
  { voice: 'terse', say: ['clear completed tasks'], expect: { deleted: [BOOKS, SLIDES] } },
  {
    voice: 'casual',
    say: ['delete all the tasks i already finished'],
    expect: { deleted: [BOOKS, SLIDES] },
  },
  { voice: 'phone', say: ['remove finished todos'], expect: { deleted: [BOOKS, SLIDES] } },
  {
    voice: 'casual',
    say: ['change the essay to friday and low priority'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04', importance: LOW }] },
  },
  {
    voice: 'casual',
    say: ['move read chapter 5 to monday, make it important and rename it to read chapters 5-6'],
    expect: {
      updated: [{ was: CH5, due: '2026-12-07', importance: HIGH, title: /^read chapters 5-6$/i }],
    },
  },
  {
    voice: 'terse',
    say: ['set buy a calculator to due saturday priority 5'],
    expect: { updated: [{ was: CALC, due: '2026-12-05', importance: 5 }] },
  },
  {
    voice: 'formal',
    say: ['Update the flashcards task: due Friday, importance 4.'],
    expect: { updated: [{ was: CARDS, due: '2026-12-04', importance: 4 }] },
  },
  // Study maths with several numbers and weights
  {
    voice: 'phone',
    say: ['hw is 20%, midterm 30%, final 50%. i got 90, 70 and 80. whats my grade'],
    expect: { answer: [/\b79\b/] },
  },
  {
    voice: 'terse',
    say: [
      'quiz 1 = 78 (weight 25%), quiz 2 = 92 (weight 25%), exam = 66 (weight 50%), final mark?',
    ],
    expect: { answer: [/75\.5\b/] },
  },
  { voice: 'phone', say: ['average of 64 73 81 and 90'], expect: { answer: [/\b77\b/] } },
  {
    voice: 'casual',
    say: ['4 chapters of 32 pages plus 2 chapters of 18 pages, how many pages in total?'],
    expect: { answer: [/\b164\b/] },
  },
  {
    voice: 'casual',
    say: ['what do i need on the final (worth 40%) to get 70 overall if i have 62 so far'],
    expect: { answer: [/\b82\b/] },
  },
  { voice: 'terse', say: ['mean of 11, 16, 9, 20 and 19'], expect: { answer: [/\b15\b/] } },
  {
    voice: 'non-native',
    say: ['if i study 45 min a day for 12 days how many hours is that'],
    expect: { answer: [/\b9(?:\.0+)? ?h|\b540\b/i] },
  },
  {
    voice: 'terse',
    say: ['weighted average: 80 weight 2, 70 weight 1, 95 weight 3'],
    expect: { answer: [/85\.83/] },
  },
  { voice: 'phone', say: ['sum of 12.5, 7.25 and 3'], expect: { answer: [/22\.75/] } },
  // Clause words (when, how important, filler) stay out of titles
  {
    voice: 'phone',
    say: ['remind me to call grandma on sunday please its important'],
    expect: { created: [{ title: /^call grandma$/i, due: '2026-12-06', importance: HIGH }] },
  },
  {
    voice: 'casual',
    say: ['i need to buy a new charger by thursday at the latest'],
    expect: { created: [{ title: /^buy a new charger$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'terse',
    say: ['add task finish the poster before friday, no rush'],
    expect: { created: [{ title: /^finish the poster$/i, due: '2026-12-04', importance: LOW }] },
  },
  {
    voice: 'casual',
    say: ['add a task for tomorrow morning to print the handout'],
    expect: { created: [{ title: /^print the handout$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'non-native',
    say: ['could you add that i have to return the lab key on wednesday'],
    expect: { created: [{ title: /^return the lab key$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'terse',
    say: ['new task due on the 12th: book the library room'],
    expect: { created: [{ title: /^book the library room$/i, due: '2026-12-12' }] },
  },
  {
    voice: 'terse',
    say: ['task for saturday: clean my desk'],
    expect: { created: [{ title: /^clean my desk$/i, due: '2026-12-05' }] },
  },
  {
    voice: 'casual',
    say: ['remind me about the dentist appointment on the 9th'],
    expect: { created: [{ title: /^(the )?dentist appointment$/i, due: '2026-12-09' }] },
  },
  // Plain requests in other voices
  {
    voice: 'phone',
    say: ['tmrw: pick up lab results'],
    expect: { created: [{ title: /^pick up lab results$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'phone',
    say: ['pls remind me submit form thursday'],
    expect: { created: [{ title: /^submit (the )?form$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'non-native',
    say: ['I must to study the chapter 8 until friday'],
    expect: { created: [{ title: /^study the chapter 8$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'formal',
    say: ['Could you kindly set a reminder for me to collect my parcel on Saturday'],
    expect: { created: [{ title: /^collect my parcel$/i, due: '2026-12-05' }] },
  },
  {
    voice: 'typos',
    say: ['remidn me to pay the rent on fridya'],
    expect: { created: [{ title: /^pay the rent$/i, due: '2026-12-04' }] },
  },
  { voice: 'phone', say: ['whats on my list'], expect: { answer: [/essay/i] } },
  { voice: 'terse', say: ['show my notes'], expect: { answer: [/exam plan/i, /mitochondria/i] } },
  { voice: 'phone', say: ['wat do u remember abt me'], expect: { answer: [/25 minutes/] } },
]
