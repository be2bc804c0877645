/**
 * Round six, writer B (blind): polite and indirect, one request, and news that implies an action.
 * Split out unchanged from tuningRoundSixB.ts, which joins the parts in their order (the workspace
 * is described there). The `week` workspace, Tuesday 1 December 2026; written from the case format,
 * the eval's workspace seed and the docs only (never the planner).
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, LECT, LOW, SLIDES } from './heldoutNames.ts'

const POLITE = 'polite'

/** Very polite and indirect requests, one at a time, and news that implies an action. */
export const POLITE_ONE: readonly EvalCase[] = [
  // Polite and indirect, one request
  {
    say: ["Would you mind adding 'revise enzymes' for Thursday?"],
    expect: { created: [{ title: /^revise enzymes$/i, due: '2026-12-03' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I was wondering if you could possibly move my essay to Friday, if that's not too much trouble",
    ],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["It'd be great if you could remind me to email Professor Hale tomorrow"],
    expect: { created: [{ title: /^email (?:professor|prof\.?) hale$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "No rush at all, but whenever you get a chance, could you add 'tidy my notes'? Low priority.",
    ],
    expect: { created: [{ title: /^tidy my notes$/i, importance: LOW }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was hoping you might add a reminder to renew my bus pass by the end of the month'],
    expect: { created: [{ title: /^renew my bus pass$/i, due: '2026-12-31' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind terribly taking the due date off the essay? The deadline's been scrapped for now.",
    ],
    expect: { updated: [{ was: ESSAY, due: null }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Mind popping a note on the essay task saying 'use the Hill reaction example'?"],
    expect: { updated: [{ was: ESSAY, notes: /Hill reaction/i }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'I hate to be a bother, but could the calculator task go? I borrowed one from my flatmate.',
    ],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "If it's no trouble, I'd love a note called Lab safety with:\ngoggles on at all times\nno food at the bench",
    ],
    expect: {
      note: {
        title: /^Lab safety$/i,
        content: /goggles on at all times[\s\S]*no food at the bench/i,
      },
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you kindly add to my exam plan note: past papers on sunday'],
    expect: { note: { title: /^Exam plan$/i, content: /past papers on sunday/i } },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I was wondering whether you could delete the Mitochondria note, I've copied it into my notebook",
    ],
    expect: { notesGone: [/^Mitochondria$/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'No worries if not, but could you jot this down under Osmosis:\nwater moves from high to low water potential\nthrough a partially permeable membrane',
    ],
    expect: {
      note: {
        title: /^Osmosis$/i,
        content: /high to low water potential[\s\S]*partially permeable membrane/i,
      },
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Would you be so kind as to remember that I am dyslexic?'],
    expect: { memory: /dyslexic/i },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd really appreciate it if you could forget what I said about studying in the morning"],
    expect: { forgotten: /morning/i },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd like to ask a small favour: could you forget everything you know about me, please?"],
    expect: { memoryCleared: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I'm so sorry to bother you, but I think I ticked off the library books one by accident, could you untick it?",
    ],
    expect: { updated: [{ was: BOOKS, done: false }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Would you kindly put the flashcards task at importance 4 and give it a due date of next tuesday?',
    ],
    expect: { updated: [{ was: CARDS, importance: 4, due: '2026-12-08' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Sorry, one more thing, could you remind me to return the lab key tomorrow?'],
    expect: { created: [{ title: /^return the lab key$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Thank you so much for earlier! Could you also remind me to thank Dr Patel on friday?'],
    expect: { created: [{ title: /^thank dr\.? patel$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I was wondering if you could move everything that's due this week to next monday"],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  // News that implies an action
  {
    say: ['the essay got pushed to monday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['handed the essay in today 🎉'],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Finally got round to buying that calculator'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['lecture 1 review is sorted, thanks!'],
    expect: { updated: [{ was: LECT, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['The reading for chapter 5 got bumped back a day'],
    expect: { updated: [{ was: CH5, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['the essay deadline got brought forward to friday, ugh'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Just wanted to let you know I have not actually printed the slides yet'],
    expect: { updated: [{ was: SLIDES, done: false }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['dropped the calculator idea, my school lends them out'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Chapter 5 got taken off the syllabus, so no need to keep that task around'],
    expect: { deleted: [CH5] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Just a heads up, my exam got moved to the 18th of December'],
    expect: { memory: /18(?:th)? (?:of )?Dec/i, forgotten: /15 December/i },
    workspace: 'week',
    voice: POLITE,
  },
]
