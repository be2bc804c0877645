/**
 * Round six, writer B (blind): several requests at once, polite follow-ups, questions and sums.
 * Split out unchanged from tuningRoundSixB.ts, which joins the parts in their order (the workspace
 * is described there). The `week` workspace, Tuesday 1 December 2026; written from the case format,
 * the eval's workspace seed and the docs only (never the planner).
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LECT, SLIDES } from './heldoutNames.ts'

const POLITE = 'polite'

/** Two or three requests at once, follow-ups and undo, questions and sums asked politely. */
export const POLITE_SEVERAL: readonly EvalCase[] = [
  // Several at once
  {
    say: [
      "Would it be possible to add 'book a study room' for Wednesday, and also make the flashcards a bit more important?",
    ],
    expect: {
      created: [{ title: /^book a study room$/i, due: '2026-12-02' }],
      updated: [{ was: CARDS, importance: [3, 5] }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you add buy printer ink, call the bank and pick up my gown, all for Friday?'],
    expect: {
      created: [
        { title: /^buy (?:some )?printer ink$/i, due: '2026-12-04' },
        { title: /^call the bank$/i, due: '2026-12-04' },
        { title: /^pick up my gown$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Please mark chapter 5 as done, then push the essay back to next wednesday'],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: ESSAY, due: '2026-12-09' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "A few things if you don't mind:\nadd 'revise glycolysis' for saturday\nrename the exam plan note to Winter exams\nand remind me to call home on sunday",
    ],
    expect: {
      created: [
        { title: /^revise glycolysis$/i, due: '2026-12-05' },
        { title: /^call home$/i, due: '2026-12-06' },
      ],
      note: { title: /^Winter exams$/i },
      notesGone: [/^Exam plan$/i],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["the prof moved the chapter 5 reading to friday, and I've done the flashcards already"],
    expect: {
      updated: [
        { was: CH5, due: '2026-12-04' },
        { was: CARDS, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Could I trouble you to add two things: print my poster on thursday and collect the prints on friday',
    ],
    expect: {
      created: [
        { title: /^print my poster$/i, due: '2026-12-03' },
        { title: /^collect the prints$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'It would be lovely if you could mark both the flashcards and the lecture 1 review as done',
    ],
    expect: {
      updated: [
        { was: CARDS, done: true },
        { was: LECT, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'I wonder if you could clear out the finished tasks, the list is getting a bit cluttered',
    ],
    expect: { deleted: [BOOKS, SLIDES] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Would it be too much to ask for the essay to be made top priority and moved to thursday?',
    ],
    expect: { updated: [{ was: ESSAY, importance: 5, due: '2026-12-03' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "If you have a sec, rename 'Buy a calculator' to 'Buy a graphing calculator' and make it due monday",
    ],
    expect: { updated: [{ was: CALC, title: /^buy a graphing calculator$/i, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['would you mind telling me my most important task and then marking it done?'],
    expect: { updated: [{ was: ESSAY, done: true }], answer: [/Essay on photosynthesis/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind adding 'revise photosynthesis' for monday, 'revise respiration' for tuesday and 'mock exam' for saturday?",
    ],
    expect: {
      created: [
        { title: /^revise photosynthesis$/i, due: '2026-12-07' },
        { title: /^revise respiration$/i, due: '2026-12-08' },
        { title: /^(?:(?:do|sit|take) (?:a |the )?)?mock exam$/i, due: '2026-12-05' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'could you add these please\n- buy highlighters\n- email my study group\n- book the library room for friday',
    ],
    expect: {
      created: [
        { title: /^buy (?:some )?highlighters$/i },
        { title: /^email my study group$/i },
        { title: /^book the library room$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Could you add 'meet with my advisor' on the 10th, and also, if possible, remember that my advisor is Dr Lin?",
    ],
    expect: {
      created: [{ title: /^meet (?:with )?my advisor$/i, due: '2026-12-10' }],
      memory: /advisor is Dr\.? Lin/i,
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Quick favour: delete 'Review lecture 1 notes', then add 'review lecture 2 notes' for friday",
    ],
    expect: {
      deleted: [LECT],
      created: [{ title: /^review lecture 2 notes$/i, due: '2026-12-04' }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "if it isn't too much hassle, could you push the essay back two days and make chapter 5 high priority?",
    ],
    expect: {
      updated: [
        { was: ESSAY, due: '2026-12-10' },
        { was: CH5, importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "The flashcards are done and dusted, and I've bought the calculator, so both can be ticked off",
    ],
    expect: {
      updated: [
        { was: CARDS, done: true },
        { was: CALC, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I'd appreciate it if the Exam plan note could be renamed to 'Finals plan', and then could you add 'check the exam room' on the 14th?",
    ],
    expect: {
      note: { title: /^Finals plan$/i },
      notesGone: [/^Exam plan$/i],
      created: [{ title: /^check the exam room$/i, due: '2026-12-14' }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Could you be a dear and remind me to water the plants saturday, then text Sam on sunday, and finally buy stamps monday',
    ],
    expect: {
      created: [
        { title: /^water the plants$/i, due: '2026-12-05' },
        { title: /^text Sam$/i, due: '2026-12-06' },
        { title: /^buy (?:some )?stamps$/i, due: '2026-12-07' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I've just finished reading chapter 5, so that's one off the list. Would you also mind moving the essay to Sunday?",
    ],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: ESSAY, due: '2026-12-06' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  // Follow-ups and undo, politely
  {
    say: [
      "could you add 'submit the lab report' for thursday please",
      'thank you! and would you mind making that one high priority?',
    ],
    expect: {
      created: [{ title: /^submit the lab report$/i, due: '2026-12-03', importance: HIGH }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'please push the essay to saturday',
      'oh sorry, could you undo that? I misread the email',
    ],
    expect: {},
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind adding 'pay the library fine' for friday?",
      'Actually, would you mind deleting that one after all? My friend paid it.',
    ],
    expect: {},
    workspace: 'week',
    voice: POLITE,
  },
  // Questions, asked indirectly
  {
    say: ["Sorry to ask again, but when's the essay actually due?"],
    expect: { answer: [/8 Dec/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I don't suppose you could tell me what's coming up this week?"],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Would you be able to tell me how many tasks I've got left?"],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you kindly let me know what you remember about me?'],
    expect: { answer: [/25 min/i, /15 Dec/i, /morning/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was just wondering, did I ever get round to printing the lecture slides?'],
    expect: { answer: [/\byes\b/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you be kind enough to tell me when my next deadline is, and what's on my list without a date?",
    ],
    expect: { answer: [/Read chapter 5/i, /3 Dec/, /Buy a calculator/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you possibly give me the main points of lecture 1?'],
    expect: { answer: [/chloroplast|Calvin/i] },
    workspace: 'week',
    voice: POLITE,
  },
  // Sums, asked politely
  {
    say: [
      "Could you possibly work out what I'd need on the final (worth 40%) to get 70 overall if I have 62 so far?",
    ],
    expect: { answer: [/\b82\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd be ever so grateful if you could work out 15% of 240"],
    expect: { answer: [/\b36\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["It'd help a lot if you told me how many days there are until the 15th"],
    expect: { answer: [/\b14\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Would you mind working out the average of 72, 85 and 91 for me?'],
    expect: { answer: [/82\.67/] },
    workspace: 'week',
    voice: POLITE,
  },
  // Politeness with nothing to act on
  {
    say: ["Thanks so much, you've been really helpful today!"],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Hope you're having a good day! Mine's been a bit rough, honestly"],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was hoping you could maybe sort out my whole semester for me?'],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
]
