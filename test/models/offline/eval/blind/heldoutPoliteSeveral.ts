import type { EvalCase } from '../evalCase.ts'

/** Polite/indirect British English and several-requests-in-one-message voices, written blind on 2026-12-01 by a writer who never read the planner */
import { HELDOUT_POLITE_SEVERAL_LATER } from './heldoutPoliteSeveralLater.ts'

export const HELDOUT_POLITE_SEVERAL: readonly EvalCase[] = [
  // ---------- adding tasks: polite British ----------
  {
    voice: 'polite-british',
    say: ['Would it be possible to add a task to revise for the genetics quiz on Thursday?'],
    expect: { created: [{ title: /genetics quiz/i, due: '2026-12-03' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "I was wondering if you could pop 'arrange a meeting with my tutor' on my list for Monday, cheers",
    ],
    expect: { created: [{ title: /meeting with my tutor/i, due: '2026-12-07' }] },
  },
  {
    voice: 'polite-british',
    say: ["Could you possibly add 'hand in the lab write-up' for next Friday? Cheers."],
    expect: { created: [{ title: /lab write-?up/i, due: '2026-12-11' }] },
  },
  {
    voice: 'polite-british',
    say: [
      'Sorry to be a pain, but could you add a task to revise for the chemistry mock in a fortnight?',
    ],
    expect: { created: [{ title: /chemistry mock/i, due: '2026-12-15' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "Would you be so kind as to add 'sort out my dissertation outline'? No rush at all, whenever really.",
    ],
    expect: { created: [{ title: /dissertation outline/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'polite-british',
    say: [
      "I've got a statistics problem sheet due Monday week and it's rather an important one, would you mind adding it?",
    ],
    expect: {
      created: [{ title: /statistics problem sheet/i, due: '2026-12-14', importance: [4, 5] }],
    },
  },
  {
    voice: 'polite-british',
    say: [
      'I need to revise for the immunology test on Wednesday, could you pop that on my list please?',
    ],
    expect: { created: [{ title: /immunology test/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite-british',
    say: ["Would it be possible to add 'sort out my ring binder' for the end of the week? Ta."],
    expect: { created: [{ title: /ring binder/i, due: '2026-12-06' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "Could you add 'hand in the dissertation proposal' for 10 January, please? It's rather important.",
    ],
    expect: {
      created: [{ title: /dissertation proposal/i, due: '2027-01-10', importance: [4, 5] }],
    },
  },
  {
    voice: 'polite-british',
    say: ["Could I trouble you to add 'buy a new lab notebook' for tomorrow? Cheers."],
    expect: { created: [{ title: /lab notebook/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite-british',
    say: ["Would you mind adding 'practise the seminar presentation' for the day after tomorrow?"],
    expect: { created: [{ title: /seminar presentation/i, due: '2026-12-03' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "If it's not too much bother, could you add 'write up the field trip report' for the end of the month?",
    ],
    expect: { created: [{ title: /field trip report/i, due: '2026-12-31' }] },
  },
  {
    voice: 'polite-british',
    say: [
      "Would it be possible to add 'revise for the microbiology exam' for the 15th? It's a big one, I'm afraid.",
    ],
    expect: { created: [{ title: /microbiology exam/i, due: '2026-12-15', importance: [4, 5] }] },
  },
  {
    voice: 'polite-british',
    say: [
      "I was wondering if you could add 'tidy up the shared lab folder' — low priority, no date needed.",
    ],
    expect: { created: [{ title: /shared lab folder/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'polite-british',
    say: ["Could you possibly add 'read the ecology handout' for a week today, please?"],
    expect: { created: [{ title: /ecology handout/i, due: '2026-12-08' }] },
  },

  // ---------- adding tasks: indirect ----------
  {
    voice: 'indirect',
    say: ['Seminar reading for Thursday is chapter 6 — could do with that on the list.'],
    expect: { created: [{ title: /chapter 6/i, due: '2026-12-03' }] },
  },
  {
    voice: 'indirect',
    say: [
      "Bit of a heads up: I've got a lab report on osmosis due Friday and it's a big one, so I'd best get it on the list.",
    ],
    expect: { created: [{ title: /osmosis/i, due: '2026-12-04', importance: [4, 5] }] },
  },
  {
    voice: 'indirect',
    say: [
      "I've been set a problem sheet on enzyme kinetics for next Thursday, it ought to go on my list if that's no bother.",
    ],
    expect: { created: [{ title: /enzyme kinetics/i, due: '2026-12-10' }] },
  },
  {
    voice: 'indirect',
    say: [
      "I'm rather worried I'll forget to buy a lab coat by Monday, it might be worth putting it on my list.",
    ],
    expect: { created: [{ title: /lab coat/i, due: '2026-12-07' }] },
  },

  // ---------- changing / ticking / deleting: polite British ----------
  {
    voice: 'polite-british',
    say: ['Would you mind ticking off the chapter 5 reading? Finished it last night.'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'polite-british',
    say: ['I was wondering if the essay could go to next Wednesday instead?'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-09' }] },
  },
  {
    voice: 'polite-british',
    say: ['Would it be possible to delete the calculator task, please?'],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'polite-british',
    say: ['Could you make the Krebs cycle flashcards a high priority, please?'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', importance: [4, 5] }] },
  },
  {
    voice: 'polite-british',
    say: ["Would you mind taking the due date off the essay? It's open-ended now."],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: null }] },
  },
  {
    voice: 'polite-british',
    say: ["Could you rename 'Buy a calculator' to 'Buy a scientific calculator', please?"],
    expect: { updated: [{ was: 'Buy a calculator', title: /scientific calculator/i }] },
  },
  {
    voice: 'polite-british',
    workspace: 'week',
    say: ["Sorry, I ticked off 'Print lecture slides' by mistake — could you mark it as not done?"],
    expect: { updated: [{ was: 'Print lecture slides', done: false }] },
  },
  {
    voice: 'polite-british',
    say: ["Could you put 'use the Calvin cycle diagram' in the details of the essay task, please?"],
    expect: { updated: [{ was: 'Essay on photosynthesis', notes: /calvin cycle diagram/i }] },
  },
  {
    voice: 'polite-british',
    say: ['Could you possibly set the lecture 1 notes review for Thursday?'],
    expect: { updated: [{ was: 'Review lecture 1 notes', due: '2026-12-03' }] },
  },
  {
    voice: 'polite-british',
    say: ["The calculator's really not important, could you mark it as low priority, please?"],
    expect: { updated: [{ was: 'Buy a calculator', importance: [1, 2] }] },
  },
  {
    voice: 'polite-british',
    say: [
      "I shan't be bothering with the Krebs flashcards after all, could you get rid of that task?",
    ],
    expect: { deleted: ['Make flashcards for the Krebs cycle'] },
  },

  // ---------- changing / ticking / deleting: indirect ----------
  {
    voice: 'indirect',
    say: ['Good news, the essay got pushed back to next Friday.'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-11' }] },
  },
  {
    voice: 'indirect',
    say: ["Just finished the chapter 5 reading, so that's done."],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'indirect',
    say: ["Finally bought a calculator, so that's one off the list."],
    expect: { updated: [{ was: 'Buy a calculator', done: true }] },
  },
  {
    voice: 'indirect',
    say: ["The lecturer's moved the photosynthesis essay deadline to the 15th."],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-15' }] },
  },
  {
    voice: 'indirect',
    say: ['Turns out the Krebs cycle flashcards are rather urgent after all.'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', importance: [4, 5] }] },
  },
  {
    voice: 'indirect',
    say: ["I've gone through my lecture 1 notes now, so that's that done."],
    expect: { updated: [{ was: 'Review lecture 1 notes', done: true }] },
  },
  {
    voice: 'indirect',
    say: [
      "My flatmate's lending me her calculator, so I shan't need to buy one after all — you can bin that task.",
    ],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'indirect',
    say: [
      "The chapter 5 reading isn't due till Saturday now, they've given us a bit of extra time.",
    ],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-05' }] },
  },
  {
    voice: 'indirect',
    say: [
      "I'd rather do the Krebs flashcards on Sunday, if that's alright, so they ought to be due then.",
    ],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', due: '2026-12-06' }] },
  },

  // ---------- several requests at once ----------
  {
    voice: 'several',
    say: [
      "add the bio lab report for friday and move the essay to monday, also remember that I'm away on the 20th",
    ],
    expect: {
      created: [{ title: /bio lab report/i, due: '2026-12-04' }],
      updated: [{ was: 'Essay on photosynthesis', due: '2026-12-07' }],
      memory: /away/i,
    },
  },
  {
    voice: 'several',
    say: [
      "Could you add 'revise glycolysis' for Thursday and 'practise past papers' for Saturday, please?",
    ],
    expect: {
      created: [
        { title: /revise glycolysis/i, due: '2026-12-03' },
        { title: /past papers/i, due: '2026-12-05' },
      ],
    },
  },
  {
    voice: 'several',
    say: ['tick off chapter 5 and delete the calculator one, cheers'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }], deleted: ['Buy a calculator'] },
  },
  {
    voice: 'several',
    say: [
      'Would you mind making the flashcards high priority and pushing the essay back to next Friday?',
    ],
    expect: {
      updated: [
        { was: 'Make flashcards for the Krebs cycle', importance: [4, 5] },
        { was: 'Essay on photosynthesis', due: '2026-12-11' },
      ],
    },
  },
  {
    voice: 'several',
    say: [
      "Could you add a task to buy printer ink, and save a note called 'Seminar questions' saying 'Why is RuBisCO so slow?'",
    ],
    expect: {
      created: [{ title: /printer ink/i }],
      note: { title: /seminar questions/i, content: /rubisco/i },
    },
  },
  {
    voice: 'several',
    say: [
      "What's due this week, and could you also add 'revise for the stats test' for next Wednesday?",
    ],
    expect: {
      created: [{ title: /stats test/i, due: '2026-12-09' }],
      answer: [/chapter 5/i],
      noEcho: true,
    },
  },
  {
    voice: 'several',
    say: [
      "Remember that I prefer studying in the library, and add 'collect the reserved textbook' for Saturday, please.",
    ],
    expect: { created: [{ title: /reserved textbook/i, due: '2026-12-05' }], memory: /library/i },
  },
  {
    voice: 'several',
    say: [
      "Could you tick off chapter 5, move the essay to next Wednesday and add 'revise for the bio quiz' for Friday? Cheers.",
    ],
    expect: {
      updated: [
        { was: 'Read chapter 5', done: true },
        { was: 'Essay on photosynthesis', due: '2026-12-09' },
      ],
      created: [{ title: /bio quiz/i, due: '2026-12-04' }],
    },
  },
  {
    voice: 'several',
    say: [
      "add 'collect my lab coat' for tomorrow and 'pay the society fees' for the day after tomorrow please",
    ],
    expect: {
      created: [
        { title: /lab coat/i, due: '2026-12-02' },
        { title: /society fees/i, due: '2026-12-03' },
      ],
    },
  },
  ...HELDOUT_POLITE_SEVERAL_LATER,
]
