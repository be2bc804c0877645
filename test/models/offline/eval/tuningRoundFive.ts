/**
 * The tuning phrasings of the planner's fifth round (issue #51), first half: texting and
 * abbreviations, and English as a second language (unusual word order, missing articles, wrong
 * prepositions). Written for this round from the voices the blind sets' counts say are weak, never
 * from a blind set (unread) nor paraphrased from an earlier round. On the `week` workspace (see
 * voices.ts), said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT, SLIDES } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

const NOTHING = /nothing|no (?:open )?tasks|none|\b0\b/i

/** Round five's first half, by voice. */
export const ROUND_FIVE: Readonly<Record<string, readonly EvalCase[]>> = {
  'texting and abbreviations': week([
    {
      say: ['pls add revise bio 4 2moro'],
      expect: { created: [{ title: /^revise bio$/i, due: '2026-12-02' }] },
    },
    {
      say: ['need 2 finish maths hw by thurs'],
      expect: { created: [{ title: /^finish maths (?:hw|homework)$/i, due: '2026-12-03' }] },
    },
    {
      say: ['add call mum 2nite'],
      expect: { created: [{ title: /^call mum$/i, due: '2026-12-01' }] },
    },
    {
      say: ['remind me 2 buy milk tmr'],
      expect: { created: [{ title: /^buy milk$/i, due: '2026-12-02' }] },
    },
    {
      say: ['cn u add email prof re extension b4 fri'],
      expect: {
        created: [
          {
            title: /^email (?:the )?prof(?:essor)? (?:re|about) (?:the )?extension$/i,
            due: '2026-12-04',
          },
        ],
      },
    },
    {
      say: ['add gym 2day'],
      expect: { created: [{ title: /^gym$/i, due: '2026-12-01' }] },
    },
    {
      say: ['wud u add pick up parcel frm post office sat'],
      expect: { created: [{ title: /^pick up parcel from post office$/i, due: '2026-12-05' }] },
    },
    {
      say: ['plz remind me abt the dentist appt on mon'],
      expect: {
        created: [{ title: /^(?:the )?dentist (?:appt|appointment)$/i, due: '2026-12-07' }],
      },
    },
    {
      say: ['add read ch 6 nxt mon'],
      expect: { created: [{ title: /^read ch(?:apter)? 6$/i, due: '2026-12-07' }] },
    },
    {
      say: ['ur a lifesaver, add submit lab rpt 2moro'],
      expect: { created: [{ title: /^submit lab (?:rpt|report)$/i, due: '2026-12-02' }] },
    },
    {
      say: ['mark calculator as done thx'],
      expect: { updated: [{ was: CALC, done: true }] },
    },
    {
      say: ['done w/ chapter 5 tick it off'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['del the calculator task pls'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['mv essay 2 fri'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    },
    {
      say: ['pls change essay 2 nxt wed'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-09' }] },
    },
    {
      say: ['add buy txtbook asap'],
      expect: { created: [{ title: /^buy (?:txtbook|textbook)$/i, importance: HIGH }] },
    },
    {
      say: ['add txt sarah abt the notes'],
      expect: { created: [{ title: /^(?:txt|text) sarah about the notes$/i }] },
    },
    {
      say: ['new task: book study room 4 thurs'],
      expect: { created: [{ title: /^book study room$/i, due: '2026-12-03' }] },
    },
    {
      say: ['add do laundry tmrw + hoover sat'],
      expect: {
        created: [
          { title: /^do laundry$/i, due: '2026-12-02' },
          { title: /^hoover$/i, due: '2026-12-05' },
        ],
      },
    },
    {
      say: ['omg forgot, add return the library dvd 2day!!'],
      expect: { created: [{ title: /^return the library dvd$/i, due: '2026-12-01' }] },
    },
    {
      say: ['k add practice presentation thu'],
      expect: { created: [{ title: /^practice presentation$/i, due: '2026-12-03' }] },
    },
    {
      say: ['anything due 2moro?'],
      expect: { answer: [NOTHING] },
    },
    {
      say: ['wats due this wk'],
      expect: { answer: [/Read chapter 5/, /^(?![\s\S]*Essay on photosynthesis)/] },
    },
    {
      say: ['how many tasks do i hv left'],
      expect: { answer: [/\b5\b/] },
    },
    {
      say: ['wen is the essay due'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['add revise 4 chem test idk maybe thurs'],
      expect: { created: [{ title: /^revise for chem test$/i, due: '2026-12-03' }] },
    },
    {
      say: ['cud u pls rmv the calculator task'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['essay is urgent!! make it top priority'],
      expect: { updated: [{ was: ESSAY, importance: 5 }] },
    },
    {
      say: ['add bday present 4 jo by 12th'],
      expect: { created: [{ title: /^(?:bday|birthday) present for jo$/i, due: '2026-12-12' }] },
    },
    {
      say: ['add wash car sun, buy petrol mon'],
      expect: {
        created: [
          { title: /^wash car$/i, due: '2026-12-06' },
          { title: /^buy petrol$/i, due: '2026-12-07' },
        ],
      },
    },
    {
      say: ['flashcards r done, tick em off'],
      expect: { updated: [{ was: CARDS, done: true }] },
    },
    {
      say: ['show me my todo list pls'],
      expect: { answer: [/Essay on photosynthesis/, /Read chapter 5/] },
    },
    {
      say: ['add ring gran l8r 2day'],
      expect: { created: [{ title: /^ring gran$/i, due: '2026-12-01' }] },
    },
    {
      say: ['gotta pay phone bill by 15th'],
      expect: { created: [{ title: /^pay phone bill$/i, due: '2026-12-15' }] },
    },
    {
      say: ['rmb 2 buy printer ink thurs pls'],
      expect: { created: [{ title: /^buy printer ink$/i, due: '2026-12-03' }] },
    },
    {
      say: ['lecture 1 review - dont need it nemore, bin it'],
      expect: { deleted: [LECT] },
    },
    {
      say: ['ok wat notes do i hv'],
      expect: { answer: [/Exam plan/, /Mitochondria/] },
    },
  ]),
  'english as a second language': week([
    {
      say: ['please add for me task to buy the notebook on friday'],
      expect: { created: [{ title: /^buy the notebook$/i, due: '2026-12-04' }] },
    },
    {
      say: ['i want that you remind me call my mother tomorrow'],
      expect: { created: [{ title: /^call my mother$/i, due: '2026-12-02' }] },
    },
    {
      say: ['make task: to submit the homework until thursday'],
      expect: { created: [{ title: /^submit the homework$/i, due: '2026-12-03' }] },
    },
    {
      say: ['remind me tomorrow to go in the bank'],
      expect: { created: [{ title: /^go (?:in|to) the bank$/i, due: '2026-12-02' }] },
    },
    {
      say: ['add task revise chapter 8 in friday'],
      expect: { created: [{ title: /^revise chapter 8$/i, due: '2026-12-04' }] },
    },
    {
      say: ['on monday I must to pay the rent, add please'],
      expect: { created: [{ title: /^pay the rent$/i, due: '2026-12-07' }] },
    },
    {
      say: ['the essay please move it for saturday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-05' }] },
    },
    {
      say: ['please put the importance of essay to 5'],
      expect: { updated: [{ was: ESSAY, importance: 5 }] },
    },
    {
      say: ['read chapter 5 i finished it already'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['I have finished to read chapter 5'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ['delete please the task buy a calculator'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['calculator task you can erase it'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['create one task for clean my room at sunday'],
      expect: { created: [{ title: /^clean my room$/i, due: '2026-12-06' }] },
    },
    {
      say: ['add me a task: i need do the laundry at saturday'],
      expect: { created: [{ title: /^do the laundry$/i, due: '2026-12-05' }] },
    },
    {
      say: ['tomorrow i have to return book to library, remind me'],
      expect: {
        created: [{ title: /^return (?:the )?book to (?:the )?library$/i, due: '2026-12-02' }],
      },
    },
    {
      say: ['please to remind me for meeting with professor on wednesday'],
      expect: { created: [{ title: /^meeting with (?:the )?professor$/i, due: '2026-12-02' }] },
    },
    {
      say: ['give me reminder for doctor appointment in next monday'],
      expect: { created: [{ title: /^doctor appointment$/i, due: '2026-12-07' }] },
    },
    {
      say: ['what is the tasks for this week?'],
      expect: { answer: [/Read chapter 5/, /^(?![\s\S]*Essay on photosynthesis)/] },
    },
    {
      say: ['which task is most important for me?'],
      expect: { answer: [/Essay on photosynthesis/] },
    },
    {
      say: ['how much tasks I have?'],
      expect: { answer: [/\b5\b/] },
    },
    {
      say: ['when I must finish the essay?'],
      expect: { answer: [/8 Dec/] },
    },
    {
      say: ['the deadline of read chapter 5 is when?'],
      expect: { answer: [/3 Dec/] },
    },
    {
      say: ['i want change the name of calculator task to buy graphic calculator'],
      expect: { updated: [{ was: CALC, title: /^buy graphic calculator$/i }] },
    },
    {
      say: ['essay deadline change to 10 december please'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
    },
    {
      say: ['make the essay done'],
      expect: { updated: [{ was: ESSAY, done: true }] },
    },
    {
      say: ['remove the date from task read chapter 5'],
      expect: { updated: [{ was: CH5, due: null }] },
    },
    {
      say: ['write in the note exam plan: do past papers'],
      expect: { note: { title: /^Exam plan$/, content: /do past papers/ } },
    },
    {
      say: ['make for me a note with name Photosynthesis: light and water make sugar'],
      expect: { note: { title: /^Photosynthesis$/, content: /light and water make sugar/ } },
    },
    {
      say: ['the note mitochondria, delete it please'],
      expect: { notesGone: [/^Mitochondria$/] },
    },
    {
      say: ['i need that you add: prepare the presentation for the 9th'],
      expect: { created: [{ title: /^prepare the presentation$/i, due: '2026-12-09' }] },
    },
    {
      say: ['add in my list buy the shoes for tomorrow'],
      expect: { created: [{ title: /^buy the shoes$/i, due: '2026-12-02' }] },
    },
    {
      say: ['to do: visit my grandmother on the sunday'],
      expect: { created: [{ title: /^visit my grandmother$/i, due: '2026-12-06' }] },
    },
    {
      say: ['print lecture slides is not done, i forgot, please open it again'],
      expect: { updated: [{ was: SLIDES, done: false }] },
    },
    {
      say: ['until friday i must send the application, please add it'],
      expect: { created: [{ title: /^send the application$/i, due: '2026-12-04' }] },
    },
    {
      say: ['add the task for next week tuesday: go to dentist'],
      expect: { created: [{ title: /^go to (?:the )?dentist$/i, due: '2026-12-08' }] },
    },
    {
      say: ['what I have to do tomorrow?'],
      expect: { answer: [NOTHING] },
    },
    {
      say: ['the essay is done or not?'],
      expect: { answer: [/not|open|no\b/i] },
    },
  ]),
}

/** Every phrasing of round five's first half, in one list. */
export const ROUND_FIVE_ALL: readonly EvalCase[] = Object.values(ROUND_FIVE).flat()
