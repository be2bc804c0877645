/**
 * The tuning phrasings of the planner's second round (issue #40), by category: what it was
 * developed against, in the tuning set's own voice. The `week` workspace (see voices.ts) has a
 * “Mitochondria” note, two more memories and two done tasks. Never copied from a held-out set.
 */

import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, LOW, SLIDES } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

/** Round two's tuning phrasings, by category. */
export const ROUND_TWO: Readonly<Record<string, readonly EvalCase[]>> = {
  'several requests': week([
    {
      say: ['add finish the poster for thursday and call the bank on saturday'],
      expect: {
        created: [
          { title: /^finish the poster$/i, due: '2026-12-03' },
          { title: /^call the bank$/i, due: '2026-12-05' },
        ],
      },
    },
    {
      say: ['plan my week: swim on thu, essay draft on sat, groceries on mon'],
      expect: {
        created: [
          { title: /^swim$/i, due: '2026-12-03' },
          { title: /^essay draft$/i, due: '2026-12-05' },
          { title: /^groceries$/i, due: '2026-12-07' },
        ],
      },
    },
    {
      say: ['to do list\n- wash the car sat\n- email the landlord'],
      expect: {
        created: [
          { title: /^wash the car$/i, due: '2026-12-05' },
          { title: /^email the landlord$/i },
        ],
      },
    },
    {
      say: ['add buy eggs tomorrow, pay rent friday'],
      expect: {
        created: [
          { title: /^buy eggs$/i, due: '2026-12-02' },
          { title: /^pay rent$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['remind me to pay rent on the 5th, call grandma sunday and buy a gift tomorrow'],
      expect: {
        created: [
          { title: /^pay rent$/i, due: '2026-12-05' },
          { title: /^call grandma$/i, due: '2026-12-06' },
          { title: /^buy a gift$/i, due: '2026-12-02' },
        ],
      },
    },
    {
      say: ['1) buy paper tomorrow 2) print essay friday'],
      expect: {
        created: [
          { title: /^buy paper$/i, due: '2026-12-02' },
          { title: /^print essay$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['remind me: buy paper tomorrow, print essay friday, call home sunday'],
      expect: {
        created: [
          { title: /^buy paper$/i, due: '2026-12-02' },
          { title: /^print essay$/i, due: '2026-12-04' },
          { title: /^call home$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: ['mark the essay done, mark read chapter 5 done'],
      expect: {
        updated: [
          { was: ESSAY, done: true },
          { was: CH5, done: true },
        ],
      },
    },
    {
      say: ['save a note called Room: B12, then remind me to check it tomorrow'],
      expect: {
        note: { title: /^room$/i, content: /^B12$/ },
        created: [{ title: /^check it$/i, due: '2026-12-02' }],
      },
    },
    {
      say: ['buy stamps today + post the letter wed'],
      expect: {
        created: [
          { title: /^buy stamps$/i, due: '2026-12-01' },
          { title: /^post the letter$/i, due: '2026-12-02' },
        ],
      },
    },
  ]),
  notes: week([
    {
      say: ['save note Respiration:\nglycolysis first\nthen the Krebs cycle'],
      expect: { note: { title: /^respiration$/i, content: /glycolysis first[\s\S]*Krebs/ } },
    },
    {
      say: ['jot this down under Ecology: food webs show energy flow'],
      expect: { note: { title: /^ecology$/i, content: /food webs show energy flow/ } },
    },
    {
      say: ['add to the exam plan note: sleep early on sunday'],
      expect: {
        note: { title: /^exam plan$/i, content: /photosynthesis\nsleep early on sunday$/ },
      },
    },
    {
      say: ['summarise lecture 1 and save it as a note'],
      expect: { note: { title: /lecture 1/i, content: /chloroplast/i } },
    },
    {
      say: ['summarize the reading notes into a note'],
      expect: { note: { title: /reading notes/i, content: /mirror images/i } },
    },
    {
      say: ['rename the mitochondria note to Organelles'],
      expect: {
        note: { title: /^organelles$/i, content: /Powerhouse/ },
        notesGone: [/^Mitochondria$/],
      },
    },
    { say: ['remove the note called exam plan'], expect: { notesGone: [/^Exam plan$/] } },
    { say: ['del note mitochondria'], expect: { notesGone: [/^Mitochondria$/] } },
    {
      say: ['can u make the exam plan note say revise cells'],
      expect: { note: { title: /^exam plan$/i, content: /^revise cells$/ } },
    },
    {
      say: ['Title: Cell cycle\nG1, S, G2, M\nmitosis is the M phase'],
      expect: { note: { title: /^cell cycle$/i, content: /G1, S, G2, M\nmitosis/ } },
    },
    {
      say: ['create a note named Vocabulary with: osmosis, diffusion, turgor'],
      expect: { note: { title: /^vocabulary$/i, content: /^osmosis, diffusion, turgor$/ } },
    },
    {
      say: ['add a line to the mitochondria note saying they have double membranes'],
      expect: {
        note: { title: /^mitochondria$/i, content: /cristae\nthey have double membranes$/ },
      },
    },
    {
      say: ['retitle the exam plan note: Finals plan'],
      expect: { note: { title: /^finals plan$/i }, notesGone: [/^Exam plan$/] },
    },
    {
      say: ['update my exam plan note: add revise enzymes'],
      expect: { note: { title: /^exam plan$/i, content: /photosynthesis\nrevise enzymes$/ } },
    },
    {
      say: ['make a note: the exam is in hall B'],
      expect: { note: { title: /^the exam is in hall b$/i, content: /^the exam is in hall B$/ } },
    },
    {
      say: ['put "ask about enzymes" in my mitochondria note'],
      expect: { note: { title: /^mitochondria$/i, content: /cristae\nask about enzymes$/ } },
    },
  ]),
  memory: week([
    { say: ['note to self: my bus leaves at 8'], expect: { memory: /bus leaves at 8/ } },
    { say: ['forget everything you remember'], expect: { memoryCleared: true } },
    { say: ['reset your memory'], expect: { memoryCleared: true } },
    {
      say: ['you dont need to remember my exam date anymore'],
      expect: { forgotten: /exam is on 15 December/ },
    },
    { say: ['essay is not finished, please reopen'], expect: {} },
    { say: ['clear your memory please'], expect: { memoryCleared: true } },
    {
      say: ['forget the bit about my exam date'],
      expect: { forgotten: /exam is on 15 December/ },
    },
  ]),
  edits: week([
    {
      say: ['rename the essay task to essay on plant cells'],
      expect: { updated: [{ was: ESSAY, title: /^essay on plant cells$/i }] },
    },
    {
      say: ['clear the deadline for the essay'],
      expect: { updated: [{ was: ESSAY, due: null }] },
    },
    { say: ['untick print lecture slides'], expect: { updated: [{ was: SLIDES, done: false }] } },
    {
      say: ['take the date off the essay'],
      expect: { updated: [{ was: ESSAY, due: null }] },
    },
    {
      say: ['set the essay due date to next monday and priority 5'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-07', importance: 5 }] },
    },
    { say: ['clear out finished tasks'], expect: { deleted: [BOOKS, SLIDES] } },
    { say: ['essay deadline friday'], expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] } },
    { say: ['push essay to nxt mon'], expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] } },
    {
      say: ['get rid of everything i have done already'],
      expect: { deleted: [BOOKS, SLIDES] },
    },
    { say: ['delete my completed tasks'], expect: { deleted: [BOOKS, SLIDES] } },
    {
      say: ['change read chapter 5 to saturday and low priority'],
      expect: { updated: [{ was: CH5, due: '2026-12-05', importance: LOW }] },
    },
    {
      say: ['update the calculator task: due monday, importance 2'],
      expect: { updated: [{ was: CALC, due: '2026-12-07', importance: 2 }] },
    },
  ]),
  'a note is never a task': week([
    { say: ['delete the Mitochondria note'], expect: { notesGone: [/^Mitochondria$/] } },
    { say: ['delete the note about flashcards'], expect: {} },
    {
      say: ['remove the flashcards task'],
      expect: { deleted: [CARDS] },
    },
  ]),
  'study maths with several numbers': week([
    {
      say: ['labs are 30%, the midterm 20% and the exam 50%; i got 80, 60 and 70. my grade?'],
      expect: { answer: [/\b71\b/] },
    },
    {
      say: ['essay = 64 (weight 40%), exam = 81 (weight 60%), overall?'],
      expect: { answer: [/74\.2\b/] },
    },
    {
      say: ['weighted mean: 90 weight 1, 60 weight 3'],
      expect: { answer: [/67\.5\b/] },
    },
    {
      say: ['what mark do i need on the exam worth 50% to get 65 overall if i have 58 so far'],
      expect: { answer: [/\b72\b/] },
    },
    {
      say: [
        '3 problem sets of 12 questions and 5 quizzes of 8 questions, how many questions in total',
      ],
      expect: { answer: [/\b76\b/] },
    },
    {
      say: ['30 minutes a day for 10 days, how many hours is that?'],
      expect: { answer: [/\b5 hours\b/] },
    },
    { say: ['what is the sum of 2.5, 4 and 10.25'], expect: { answer: [/16\.75/] } },
    {
      say: ['what is 40% of 90 plus 30% of 70 plus 30% of 80'],
      expect: { answer: [/\b81\b/] },
    },
    {
      say: ['i scored 55, 65 and 90 on three tests weighted 20%, 30% and 50%, final grade?'],
      expect: { answer: [/75\.5/] },
    },
  ]),
  'clause words': week([
    {
      say: ['remind me to phone the clinic on friday please, it is important'],
      expect: {
        created: [{ title: /^phone the clinic$/i, due: '2026-12-04', importance: [4, 5] }],
      },
    },
    {
      say: ['i gotta submit my application on monday ok'],
      expect: { created: [{ title: /^submit my application$/i, due: '2026-12-07' }] },
    },
    {
      say: ['tomorrow: collect the keys'],
      expect: { created: [{ title: /^collect the keys$/i, due: '2026-12-02' }] },
    },
    {
      say: ['task for friday: hand in the form'],
      expect: { created: [{ title: /^hand in the form$/i, due: '2026-12-04' }] },
    },
  ]),
}

/** Every round-two tuning phrasing, in one list. */
export const ROUND_TWO_ALL: readonly EvalCase[] = Object.values(ROUND_TWO).flat()
