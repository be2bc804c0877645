/**
 * The held-out set: written before any planner change and never tuned on (see the commit history).
 * The clock is Tuesday 1 December 2026, 10:00; the workspace is `evalWorkspace()` (the Biology 101
 * sample plus “Essay on photosynthesis” due Tue 8 Dec importance 4, “Read chapter 5” due Thu 3 Dec,
 * “Buy a calculator”, and an “Exam plan” note).
 */

import type { EvalCase } from './evalCase.ts'
import { HELD_OUT_LATER } from './heldoutLater.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW } from './heldoutNames.ts'

/** The held-out phrasings. */
export const HELD_OUT: readonly EvalCase[] = [
  // New tasks: dates, importance, clauses taken out of the title
  {
    voice: 'casual',
    say: ['remind me to revise chapter 7 on thursday, it is very important'],
    expect: { created: [{ title: /^revise chapter 7$/i, due: '2026-12-03', importance: HIGH }] },
  },
  {
    voice: 'terse',
    say: ['todo: finish the maths homework by dec 10'],
    expect: { created: [{ title: /^finish the maths homework$/i, due: '2026-12-10' }] },
  },
  {
    voice: 'terse',
    say: ['add "read chapter 12" due 10 January'],
    expect: { created: [{ title: /^read chapter 12$/i, due: '2027-01-10' }] },
  },
  {
    voice: 'casual',
    say: ['buy a lab coat the day after tomorrow'],
    expect: { created: [{ title: /^buy a lab coat$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    // Issue #40 changed what this means: "note to self" is remembered, not made a task.
    say: ['note to self - ask the TA about the lab report'],
    expect: { memory: /^ask the TA about the lab report$/i },
  },
  {
    voice: 'polite',
    say: ['Could you please add a task to finish the lab report by the end of the month?'],
    expect: { created: [{ title: /^finish the lab report$/i, due: '2026-12-31' }] },
  },
  {
    voice: 'casual',
    say: ['I need to revise osmosis in a fortnight'],
    expect: { created: [{ title: /^revise osmosis$/i, due: '2026-12-15' }] },
  },
  {
    voice: 'casual',
    say: ['add a task: pay the library fine, no rush'],
    expect: { created: [{ title: /^pay the library fine$/i, importance: LOW, due: null }] },
  },
  {
    voice: 'terse',
    say: ['new task print the poster, priority 4'],
    expect: { created: [{ title: /^print the poster$/i, importance: 4 }] },
  },
  {
    voice: 'typos',
    say: ['remnd me to studdy for the chem quiz on firday'],
    expect: { created: [{ title: /^study for the chem quiz$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'terse',
    say: ['pls add task call mum tmrw'],
    expect: { created: [{ title: /^call mum$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite',
    say: ['Would you mind adding a task to book a study room for tomorrow evening?'],
    expect: { created: [{ title: /^book a study room$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'non-native',
    say: ['i must to submit the lab report on the 10th'],
    expect: { created: [{ title: /^submit the lab report$/i, due: '2026-12-10' }] },
  },
  {
    voice: 'british',
    say: ["Put 'return library books' on my list for Saturday"],
    expect: { created: [{ title: /^return library books$/i, due: '2026-12-05' }] },
  },
  {
    voice: 'casual',
    say: ['add revise mitosis to my todo list for monday'],
    expect: { created: [{ title: /^revise mitosis$/i, due: '2026-12-07' }] },
  },
  {
    voice: 'casual',
    say: ['remind me to buy a new notebook'],
    expect: { created: [{ title: /^buy a new notebook$/i, due: null }] },
  },
  {
    voice: 'casual',
    say: ['remind me in 3 days to check my grades'],
    expect: { created: [{ title: /^check my grades$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'british',
    say: ['add task: practise past papers, very important, due friday'],
    expect: {
      created: [{ title: /^practise past papers$/i, importance: HIGH, due: '2026-12-04' }],
    },
  },
  {
    voice: 'british',
    say: ['add a task to organise my notes by next wednesday'],
    expect: { created: [{ title: /^organise my notes$/i, due: '2026-12-09' }] },
  },
  {
    voice: 'polite',
    say: ['Please schedule a meeting with my study group on 18 December.'],
    expect: { created: [{ title: /meeting with my study group$/i, due: '2026-12-18' }] },
  },
  {
    voice: 'american',
    say: ['add a task to color-code my binder by 12/15'],
    expect: { created: [{ title: /^color-code my binder$/i, due: '2026-12-15' }] },
  },
  {
    voice: 'non-native',
    say: ['please create task for me: prepare presentation about enzymes, it is urgent'],
    expect: {
      created: [{ title: /^prepare (a |the )?presentation about enzymes$/i, importance: HIGH }],
    },
  },
  {
    voice: 'terse',
    say: ['task: email prof re extension, high priority, tomorrow'],
    expect: {
      created: [{ title: /^email prof re extension$/i, importance: HIGH, due: '2026-12-02' }],
    },
  },
  {
    voice: 'casual',
    say: ["don't let me forget to renew my bus pass on the 20th"],
    expect: { created: [{ title: /^renew my bus pass$/i, due: '2026-12-20' }] },
  },
  {
    voice: 'casual',
    say: ['i have to hand in the chemistry worksheet a week from today'],
    expect: { created: [{ title: /^hand in the chemistry worksheet$/i, due: '2026-12-08' }] },
  },
  {
    voice: 'typos',
    say: ['ad a taks to revize cell division tomorow'],
    expect: { created: [{ title: /^revi[sz]e cell division$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite',
    say: ['Hi! Can you remind me to print my essay on Monday? Thanks'],
    expect: { created: [{ title: /^print my essay$/i, due: '2026-12-07' }] },
  },
  {
    voice: 'non-native',
    say: ['make reminder: go to library in 2 days'],
    expect: { created: [{ title: /^go to (the )?library$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ['remind me to water the plants tonight, not important'],
    expect: { created: [{ title: /^water the plants$/i, due: '2026-12-01', importance: LOW }] },
  },
  {
    voice: 'american',
    say: ['add a to-do: study for the SAT practice test on January 5th'],
    expect: { created: [{ title: /^study for the SAT practice test$/i, due: '2027-01-05' }] },
  },
  // Several requests in one message
  {
    voice: 'casual',
    say: ['remind me to revise enzymes tomorrow and to buy pens on friday'],
    expect: {
      created: [
        { title: /^revise enzymes$/i, due: '2026-12-02' },
        { title: /^buy pens$/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'terse',
    say: ['add two tasks: buy index cards and print the syllabus'],
    expect: { created: [{ title: /^buy index cards$/i }, { title: /^print the syllabus$/i }] },
  },
  {
    voice: 'casual',
    say: ['mark the essay as done and remind me to start the lab report on monday'],
    expect: {
      updated: [{ was: ESSAY, done: true }],
      created: [{ title: /^start the lab report$/i, due: '2026-12-07' }],
    },
  },
  {
    voice: 'casual',
    say: ['delete buy a calculator, then add a task to buy a graphing calculator'],
    expect: { deleted: [CALC], created: [{ title: /^buy a graphing calculator$/i }] },
  },
  {
    voice: 'casual',
    say: ['remember that I like flashcards and add a task to make flashcards for lecture 2'],
    expect: {
      memory: /like flashcards/i,
      created: [{ title: /^make flashcards for lecture 2$/i }],
    },
  },
  {
    voice: 'terse',
    say: ['done with chapter 5. also add read chapter 6 for friday'],
    expect: {
      updated: [{ was: CH5, done: true }],
      created: [{ title: /^read chapter 6$/i, due: '2026-12-04' }],
    },
  },
  // Changing what is there
  {
    voice: 'casual',
    say: ['i finished the essay'],
    expect: { updated: [{ was: ESSAY, done: true }] },
  },
  {
    voice: 'terse',
    say: ['mark buy a calculator done'],
    expect: { updated: [{ was: CALC, done: true }] },
  },
  {
    voice: 'casual',
    say: ['move the essay to next wednesday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-09' }] },
  },
  {
    voice: 'casual',
    say: ['push read chapter 5 to monday'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
  },
  {
    voice: 'casual',
    say: ['push the essay back two days'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
  },
  {
    voice: 'casual',
    say: ['make the flashcards task high priority'],
    expect: { updated: [{ was: CARDS, importance: HIGH }] },
  },
  { voice: 'terse', say: ['delete buy a calculator'], expect: { deleted: [CALC] } },
  {
    voice: 'casual',
    say: ['rename read chapter 5 to read chapters 5 and 6'],
    expect: { updated: [{ was: CH5, title: /^read chapters 5 and 6$/i }] },
  },
  {
    voice: 'terse',
    say: ['set importance of review lecture 1 notes to 5'],
    expect: { updated: [{ was: LECT, importance: 5 }] },
  },
  {
    voice: 'british',
    say: ['bring the essay forward to thursday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ["I'm done with chapter 5"],
    expect: { updated: [{ was: CH5, done: true }] },
  },
  { voice: 'typos', say: ['can u remove the flashcards task pls'], expect: { deleted: [CARDS] } },
  {
    voice: 'casual',
    say: ['change read chapter 5 to low priority'],
    expect: { updated: [{ was: CH5, importance: LOW }] },
  },
  {
    voice: 'non-native',
    say: ['the calculator i have bought it already'],
    expect: { updated: [{ was: CALC, done: true }] },
  },
  {
    voice: 'casual',
    say: ['add a note to the flashcards task: use the mnemonic OIL RIG'],
    expect: { updated: [{ was: CARDS, notes: /OIL RIG/ }] },
  },
  {
    voice: 'polite',
    say: ['Could you move the calculator errand to the 10th, please?'],
    expect: { updated: [{ was: CALC, due: '2026-12-10' }] },
  },
  { voice: 'typos', say: ['delte the calcualtor task'], expect: { deleted: [CALC] } },
  {
    voice: 'terse',
    say: ['essay due friday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
  },
  ...HELD_OUT_LATER,
]
