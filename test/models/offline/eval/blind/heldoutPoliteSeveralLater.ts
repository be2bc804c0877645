import type { EvalCase } from '../evalCase.ts'

/** The second half of HELDOUT_POLITE_SEVERAL (split for length only; written blind with it). */
export const HELDOUT_POLITE_SEVERAL_LATER: readonly EvalCase[] = [
  {
    voice: 'several',
    say: ['Please delete the calculator task and make the flashcards low priority.'],
    expect: {
      deleted: ['Buy a calculator'],
      updated: [{ was: 'Make flashcards for the Krebs cycle', importance: [1, 2] }],
    },
  },
  {
    voice: 'several',
    say: [
      "Would you mind marking the essay as done, and also saving a note called 'Essay feedback' saying 'Need more on the Calvin cycle'?",
    ],
    expect: {
      updated: [{ was: 'Essay on photosynthesis', done: true }],
      note: { title: /essay feedback/i, content: /calvin cycle/i },
    },
  },
  {
    voice: 'several',
    say: [
      "Remember that I've got football on Wednesday evenings, and add 'revise respiration' for Thursday, ta.",
    ],
    expect: { memory: /football/i, created: [{ title: /revise respiration/i, due: '2026-12-03' }] },
  },
  {
    voice: 'several',
    say: ["What's due this week, and what's my most important task?"],
    expect: { answer: [/chapter 5/i, /essay/i], noEcho: true },
  },
  {
    voice: 'several',
    say: [
      "I've finished the lecture 1 review and the Krebs flashcards, so both of those can be ticked off.",
    ],
    expect: {
      updated: [
        { was: 'Review lecture 1 notes', done: true },
        { was: 'Make flashcards for the Krebs cycle', done: true },
      ],
    },
  },
  {
    voice: 'several',
    say: [
      "Could you add three things for Friday: 'print the poster', 'email the lab group' and 'return the microscope slides'?",
    ],
    expect: {
      created: [
        { title: /print the poster/i, due: '2026-12-04' },
        { title: /email the lab group/i, due: '2026-12-04' },
        { title: /microscope slides/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'several',
    say: ['move the chapter 5 reading to saturday, and the essay to monday week, ta'],
    expect: {
      updated: [
        { was: 'Read chapter 5', due: '2026-12-05' },
        { was: 'Essay on photosynthesis', due: '2026-12-14' },
      ],
    },
  },
  {
    voice: 'several',
    say: [
      "Could you add 'mock exam' for the 15th as high priority, and 'write up the practical' for the end of the month?",
    ],
    expect: {
      created: [
        { title: /mock exam/i, due: '2026-12-15', importance: [4, 5] },
        { title: /write up the practical/i, due: '2026-12-31' },
      ],
    },
  },
  {
    voice: 'several',
    workspace: 'week',
    say: [
      'Could you forget that I study best in the morning, and remember instead that I study best in the evening?',
    ],
    expect: { forgotten: /morning/i, memory: /evening/i },
  },
  {
    voice: 'several',
    say: [
      "Could you add 'revise for the ecology test' for Monday week as high priority, and also tick off the chapter 5 reading? Cheers.",
    ],
    expect: {
      created: [{ title: /ecology test/i, due: '2026-12-14', importance: [4, 5] }],
      updated: [{ was: 'Read chapter 5', done: true }],
    },
  },
  {
    voice: 'several',
    say: [
      "Please change the calculator task to 'Buy a graphing calculator' and give it a due date of Friday.",
    ],
    expect: {
      updated: [{ was: 'Buy a calculator', title: /graphing calculator/i, due: '2026-12-04' }],
    },
  },
  {
    voice: 'several',
    say: [
      "Could you add 'plan the group presentation' for next Thursday and save a note called 'Presentation ideas' with 'Start with the chloroplast diagram'?",
    ],
    expect: {
      created: [{ title: /group presentation/i, due: '2026-12-10' }],
      note: { title: /presentation ideas/i, content: /chloroplast diagram/i },
    },
  },
  {
    voice: 'several',
    workspace: 'week',
    say: [
      'Could you get rid of the Mitochondria note and also forget the bit about my exam date, please?',
    ],
    expect: { notesGone: [/mitochondria/i], forgotten: /exam/i },
  },

  // ---------- questions ----------
  {
    voice: 'polite-british',
    say: ["I was wondering what I've got due this week?"],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Would you mind telling me what my most important task is?'],
    expect: { answer: [/essay/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ["Could you possibly tell me how many tasks I've got left to do?"],
    expect: { answer: [/\b5\b|five/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Sorry, what was due on Thursday again?'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ["When's the essay due, out of interest?"],
    expect: { answer: [/\b8(th)?\b|12-08|tuesday/i], noEcho: true },
  },
  {
    voice: 'indirect',
    say: ["I can't remember which of my tasks haven't got a date yet."],
    expect: { answer: [/lecture 1/i, /krebs|flashcards/i, /calculator/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    workspace: 'week',
    say: ["Could you remind me what I've already finished?"],
    expect: { answer: [/library books/i, /lecture slides/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: [
      'I was wondering if you could remind me where the light reactions happen, according to the lecture?',
    ],
    expect: { answer: [/thylakoid/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Could you possibly explain what happens in glycolysis?'],
    expect: { answer: [/glucose|pyruvate|atp/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    workspace: 'week',
    say: ['Would you mind reminding me when my exam is?'],
    expect: { answer: [/15/], noEcho: true },
  },

  // ---------- notes ----------
  {
    voice: 'polite-british',
    say: [
      "Would it be possible to save a note called 'Seminar prep' saying 'Ask about photorespiration'?",
    ],
    expect: { note: { title: /seminar prep/i, content: /photorespiration/i } },
  },
  {
    voice: 'polite-british',
    say: ["Could you add 'Then respiration again the week before' to my Exam plan note, please?"],
    expect: { note: { title: /exam plan/i, content: /week before/i } },
  },
  {
    voice: 'polite-british',
    say: ["I was wondering if you could rename my Exam plan note to 'Revision plan'?"],
    expect: { note: { title: /revision plan/i }, notesGone: [/^exam plan$/i] },
  },
  {
    voice: 'indirect',
    workspace: 'week',
    say: [
      "I've got the mitochondria stuff in my paper notebook now, so the Mitochondria note can go.",
    ],
    expect: { notesGone: [/mitochondria/i] },
  },
  {
    voice: 'polite-british',
    say: ['Would it be possible to summarise lecture 2 into a new note for me?'],
    expect: { note: { content: /glycolysis|krebs|electron transport/i } },
  },
  {
    voice: 'polite-british',
    workspace: 'week',
    say: [
      "Could you jot down 'Cristae increase the surface area' in my Mitochondria note? Cheers.",
    ],
    expect: { note: { title: /mitochondria/i, content: /surface area/i } },
  },

  // ---------- memory ----------
  {
    voice: 'indirect',
    say: ['It might be worth remembering that I tend to study best after lunch.'],
    expect: { memory: /after lunch/i },
  },
  {
    voice: 'polite-british',
    say: ["Would you mind forgetting that I prefer short study sessions? It's no longer true."],
    expect: { forgotten: /short study sessions|25 minutes/i },
  },
  {
    voice: 'polite-british',
    workspace: 'week',
    say: ['Would you mind forgetting everything you know about me, please?'],
    expect: { memoryCleared: true },
  },

  // ---------- maths ----------
  {
    voice: 'polite-british',
    say: [
      'I was wondering if you could work out my average: I got 62, 71 and 68 on my last three essays.',
    ],
    expect: { answer: [/\b67\b/], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Could you possibly tell me what 45 out of 60 is as a percentage?'],
    expect: { answer: [/\b75\b/], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: [
      'Would you mind working out my overall grade? Coursework 70 worth 40% and the exam 60 worth 60%.',
    ],
    expect: { answer: [/\b64\b/], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ["How many days is it until the 18th, if you don't mind me asking?"],
    expect: { answer: [/\b17\b/], noEcho: true },
  },

  // ---------- undo, follow-ups, unsupported, chit-chat ----------
  {
    voice: 'polite-british',
    say: [
      "Could you add 'revise enzymes' for Friday, please?",
      'Actually, sorry, would you mind undoing that?',
    ],
    expect: { noEcho: true },
  },
  {
    voice: 'polite-british',
    say: [
      'Would you mind deleting the calculator task?',
      'Oh hang on, could you undo that, please? I do still need one.',
    ],
    expect: { noEcho: true },
  },
  {
    voice: 'polite-british',
    say: [
      "Could you add 'revise photosynthesis' for Friday, please?",
      'Sorry, would you mind making that Thursday instead?',
    ],
    expect: { created: [{ title: /revise photosynthesis/i, due: '2026-12-03' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "I was wondering what's due soonest?",
      'Right, could you push that back to Saturday, please?',
    ],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-05' }] },
  },
  {
    voice: 'polite-british',
    say: ['Would you be able to email my tutor for me to ask for an extension?'],
    expect: { answer: [/can.?t|cannot|unable|not able/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Could you possibly set an alarm for 7 tomorrow morning?'],
    expect: { answer: [/can.?t|cannot|unable|not able/i], noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ['Cheers, that was brilliant, thanks ever so much.'],
    expect: { noEcho: true },
  },
  {
    voice: 'polite-british',
    say: ["Morning! Hope you're keeping well."],
    expect: { noEcho: true },
  },
]
