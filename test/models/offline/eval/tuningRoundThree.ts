/**
 * The tuning phrasings of the planner's third round (issue #51): a new user's own first tries,
 * in the voices the issue names (fillers, polite frames, texting, corrections, indirect requests,
 * notes against tasks, questions). Written from the examples; never copied from a
 * held-out set. On the `week` workspace (see voices.ts), said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CH5, ESSAY, HIGH, LECT, SLIDES } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

// The answer offers no "add a task to <what was said>".
const NO_TASK_OFFER = /^(?![\s\S]*add a task to \w)/

/** Round three's tuning phrasings, by category. */
export const ROUND_THREE: Readonly<Record<string, readonly EvalCase[]>> = {
  'parse first': week([
    {
      say: ['hey so my bio lab report is due thursday and its worth a lot of marks, pls add it'],
      expect: {
        created: [{ title: /^(?:my )?bio lab report$/i, due: '2026-12-03', importance: HIGH }],
      },
    },
    {
      say: ['need to submit the ochem lab writeup next thursday, its a big one'],
      expect: {
        created: [
          { title: /^submit the ochem lab writeup$/i, due: '2026-12-10', importance: HIGH },
        ],
      },
    },
    {
      say: ['um so i need to like revise the krebs cycle on friday i think yeah'],
      expect: { created: [{ title: /^revise the krebs cycle$/i, due: '2026-12-04' }] },
    },
    {
      say: ['would it be possible to add a task to email dr patel tomorrow'],
      expect: { created: [{ title: /^email dr patel$/i, due: '2026-12-02' }] },
    },
    {
      say: ['could you maybe add buy printer ink b4 fri'],
      expect: { created: [{ title: /^buy printer ink$/i, due: '2026-12-04' }] },
    },
    {
      say: ['remind me 2 call mum tmrw!!!'],
      expect: { created: [{ title: /^call mum$/i, due: '2026-12-02' }] },
    },
    {
      say: ['I was wondering if you could remind me to book the library room on thursday'],
      expect: { created: [{ title: /^book the library room$/i, due: '2026-12-03' }] },
    },
    {
      say: ['do the needful and add a task to renew my bus pass by friday'],
      expect: { created: [{ title: /^renew my bus pass$/i, due: '2026-12-04' }] },
    },
    {
      say: ['i need you to add a reminder to water the plants tomorrow'],
      expect: { created: [{ title: /^water the plants$/i, due: '2026-12-02' }] },
    },
    {
      say: ['btw add buy a new charger lol'],
      expect: { created: [{ title: /^buy a new charger$/i }] },
    },
    {
      say: ['maybe add a task to tidy my desk, i guess'],
      expect: { created: [{ title: /^tidy my desk$/i }] },
    },
    {
      say: ['uh can u remind me to ring the dentist on saturday pls'],
      expect: { created: [{ title: /^ring the dentist$/i, due: '2026-12-05' }] },
    },
  ]),
  corrections: week([
    {
      say: ['remind me to hand in the essay form on thursday no wait friday'],
      expect: { created: [{ title: /^hand in the essay form$/i, due: '2026-12-04' }] },
    },
    {
      say: ['add a task to call the bank on monday, sorry I mean tuesday'],
      expect: { created: [{ title: /^call the bank$/i, due: '2026-12-08' }] },
    },
    {
      say: ['remind me to print the poster tomorrow actually make that thursday'],
      expect: { created: [{ title: /^print the poster$/i, due: '2026-12-03' }] },
    },
    {
      say: ['add buy eggs on friday, i mean saturday'],
      expect: { created: [{ title: /^buy eggs$/i, due: '2026-12-05' }] },
    },
  ]),
  'indirect requests': week([
    {
      say: ['good news the essay got pushed back to next monday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    },
    {
      say: ['i sorted the calculator thing with my flatmate so scrap that task'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['ok just handed in the essay, tick it off'],
      expect: { updated: [{ was: ESSAY, done: true }] },
    },
    {
      say: ['read chapter 5 doesnt really have a deadline, take the date off'],
      expect: { updated: [{ was: CH5, due: null }] },
    },
    { say: ['clear out all the tasks ive finished'], expect: { deleted: [BOOKS, SLIDES] } },
    {
      say: ['remove the due date from the chapter 5 task'],
      expect: { updated: [{ was: CH5, due: null }] },
    },
    {
      say: ['the essay got moved to friday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    },
  ]),
  'tasks, notes and memory': week([
    { say: ['delete the task review lecture 1 notes'], expect: { deleted: [LECT] } },
    { say: ['remove review lecture 1 notes from my tasks'], expect: { deleted: [LECT] } },
    {
      say: ['rename the review lecture 1 notes task to review lecture 1 slides'],
      expect: { updated: [{ was: LECT, title: /^review lecture 1 slides$/i }] },
    },
    {
      say: ['can u make me notes from lecture 2, just the key points'],
      expect: { note: { title: /lecture 2/i, content: /glycolysis/i } },
    },
    {
      say: ['oh add to my exam plan note that i should do past papers'],
      expect: { note: { title: /^exam plan$/i, content: /photosynthesis\n.*past papers$/i } },
    },
    {
      say: ['actually rewrite my exam plan note with: revise enzymes first'],
      expect: { note: { title: /^exam plan$/i, content: /^revise enzymes first$/ } },
    },
    { say: ['get rid of my mitochondria note'], expect: { notesGone: [/^Mitochondria$/] } },
    // Named without its kind: the kind whose title matches wins.
    { say: ['delete mitochondria'], expect: { notesGone: [/^Mitochondria$/] } },
    { say: ['delete review lecture 1 notes'], expect: { deleted: [LECT] } },
    {
      say: ['rename exam plan to finals plan'],
      expect: { note: { title: /^finals plan$/i }, notesGone: [/^Exam plan$/] },
    },
    {
      say: ['rename review lecture 1 notes to review lecture one'],
      expect: { updated: [{ was: LECT, title: /^review lecture one$/i }] },
    },
    { say: ['scrap buy a calculator'], expect: { deleted: [CALC] } },
  ]),
  questions: week([
    { say: ['what notes have i got so far'], expect: { answer: [/Exam plan/, /Mitochondria/] } },
    {
      say: ['midterm was 62 and worth 40%, what do i need on the final to get 70 overall'],
      expect: { answer: [/75\.3/] },
    },
    { say: ['how many tasks have i got left'], expect: { answer: [/\b(?:5|five)\b/i] } },
    {
      say: ["what's coming up"],
      expect: { answer: [/Read chapter 5[\s\S]*Essay on photosynthesis/] },
    },
    { say: ['is the essay due soon'], expect: { answer: [/Tue 8 Dec/] } },
    { say: ['whens the essay due'], expect: { answer: [/Tue 8 Dec/] } },
    {
      say: ['so what do i have on this week then'],
      expect: { answer: [/Read chapter 5/], noEcho: true },
    },
    { say: ['any deadlines coming up?'], expect: { answer: [/Read chapter 5/] } },
    { say: ['essay done'], expect: { updated: [{ was: ESSAY, done: true }] } },
    { say: ['cheers mate'], expect: { answer: [/welcome/i] } },
    {
      say: ["what's due this week", 'move the last one to saturday'],
      expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    },
    {
      say: ['when is the essay due', 'push it back a week'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-15' }] },
    },
    {
      say: ['what notes do i have', 'delete the last one'],
      expect: { notesGone: [/^Mitochondria$/] },
    },
    {
      say: ['what is my most important task?', 'tick that one off'],
      expect: { updated: [{ was: ESSAY, done: true }] },
    },
  ]),
  'more voices': week([
    {
      say: ['so um basically i have to finish the poster by friday i think'],
      expect: { created: [{ title: /^finish the poster$/i, due: '2026-12-04' }] },
    },
    {
      say: ['hey could you possibly remind me to email my supervisor tmrw pls'],
      expect: { created: [{ title: /^email my supervisor$/i, due: '2026-12-02' }] },
    },
    {
      say: ['pls add revise enzymes 4 thursday'],
      expect: { created: [{ title: /^revise enzymes$/i, due: '2026-12-03' }] },
    },
    {
      say: ['remind me to call the gp on wednesday, no sorry, thursday'],
      expect: { created: [{ title: /^call the gp$/i, due: '2026-12-03' }] },
    },
    {
      say: ['my essay got pushed to next friday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    },
    {
      say: ['the calculator isnt needed anymore so delete that task'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['yo add gym tmrw lol'],
      expect: { created: [{ title: /^gym$/i, due: '2026-12-02' }] },
    },
    {
      say: ['Please be so kind as to remind me to renew my visa next week'],
      expect: { created: [{ title: /^renew my visa$/i }] },
    },
    {
      say: ['can you pls make me a note from lecture 1, only the main points'],
      expect: { note: { title: /lecture 1/i, content: /chloroplast/i } },
    },
    { say: ['how many tasks are overdue'], expect: { answer: [/\b(?:0|no)\b/i] } },
  ]),
  dates: week([
    {
      say: ['add a task to revise genetics monday week'],
      expect: { created: [{ title: /^revise genetics$/i, due: '2026-12-14' }] },
    },
    {
      say: ['remind me to call home a week tomorrow'],
      expect: { created: [{ title: /^call home$/i, due: '2026-12-09' }] },
    },
    {
      say: ['add a task to finish the essay plan by the end of the week'],
      expect: { created: [{ title: /^finish the essay plan$/i, due: '2026-12-06' }] },
    },
    {
      say: ['remind me to pay rent next tues'],
      expect: { created: [{ title: /^pay rent$/i, due: '2026-12-08' }] },
    },
    {
      say: ['add dentist appointment tue 15th'],
      expect: { created: [{ title: /^dentist appointment$/i, due: '2026-12-15' }] },
    },
    {
      say: ['move read chapter 5 to next wednesday'],
      expect: { updated: [{ was: CH5, due: '2026-12-09' }] },
    },
  ]),
  'no echo, ask back': week([
    {
      say: ['lol my flatmate ate my leftovers again'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['book me a flight to paris for the holidays'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['the essay'],
      expect: { noEcho: true, answer: [/\?/, /\b1\b[\s\S]*\b2\b/] },
    },
    {
      say: ['ugh this week is so stressful'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
  ]),
}

/** Every round-three tuning phrasing, in one list. */
export const ROUND_THREE_ALL: readonly EvalCase[] = Object.values(ROUND_THREE).flat()
