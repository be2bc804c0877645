/**
 * Round 7, set B (blind): a very polite British postgraduate; several things in one message.
 * Split out unchanged from the file as written (the join keeps the written order). Workspace
 * `week`, Tuesday 1 December 2026, 10:00.
 */
import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW } from './heldoutNames.ts'

/** The cases, as written. */
export const POLITE_ONE: readonly EvalCase[] = [
  // --- a very polite British postgraduate ---
  {
    say: [
      "I wonder if you might add a task for me, 'draft the methods chapter', due next Monday? Many thanks.",
    ],
    expect: { created: [{ title: /^draft (?:the )?methods chapter$/i, due: '2026-12-07' }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      'Would you be so kind as to move my photosynthesis essay to Thursday the 10th? My supervisor has very generously granted me an extension.',
    ],
    expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      'Sorry to be a bother, but could you possibly tick off the chapter 5 reading? I finished it on the train this morning.',
    ],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "If it's not too much trouble, I'd be grateful if you could remove the calculator task altogether. As it turns out, the department lends them out.",
    ],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      'Would it be terribly rude to ask when the essay is actually due? I seem to have completely lost track.',
    ],
    expect: { answer: [/8 Dec/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "I'd be ever so grateful if you could save a note for me called 'Supervision 3 Dec', saying that we discussed the literature review and that I ought to read Calvin 1950 before the next meeting.",
    ],
    expect: { note: { title: /^supervision,? 3 dec(?:ember)?$/i, content: /literature review/i } },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      'Might I ask you to remember that I have a teaching assistant shift every Wednesday afternoon? It does tend to eat into my study time rather.',
    ],
    expect: { memory: /wednesday/i },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Could I trouble you to bump the Krebs cycle flashcards up to importance 4, please? It's rather more pressing than I'd thought.",
    ],
    expect: { updated: [{ was: CARDS, importance: 4 }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Perhaps you could add 'proofread chapter two' for this Friday, and make it a fairly high priority? Thank you kindly.",
    ],
    expect: {
      created: [{ title: /^proof-?read chapter (?:two|2)$/i, due: '2026-12-04', importance: HIGH }],
    },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: ["Would you mind awfully renaming my 'Exam plan' note to 'Revision plan'? Cheers."],
    expect: { note: { title: /^revision plan$/i }, notesGone: [/^exam plan$/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: ["I don't suppose you could tell me how many tasks I've still got outstanding?"],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Terribly sorry, I've just realised I already returned those library books and printed the slides ages ago. Could you tell me what's actually left for this week, then?",
    ],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Hello! I hope you're well. I was hoping you could pop 'seminar reading: Lane 2005' on my list for Wednesday week.",
    ],
    expect: {
      created: [{ title: /^(?:seminar reading:? ?)?(?:read )?lane,? 2005$/i, due: '2026-12-09' }],
    },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Apologies for the faff, but the essay ought really to be importance 3 rather than 4. It's only formative, as it happens.",
    ],
    expect: { updated: [{ was: ESSAY, importance: 3 }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      'Would you be able to add a line to my Mitochondria note saying that mitochondria have their own DNA? Much appreciated.',
    ],
    expect: { note: { title: /^mitochondria$/i, content: /own DNA/i } },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Ever so sorry, I believe there's a task about buying a calculator. Could you add to its notes that it has to be a Casio fx-991, as the exam board is rather fussy?",
    ],
    expect: { updated: [{ was: CALC, notes: /fx-?991/i }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Right, I'd quite like everything due this week marked as finished, if that's alright. I've had a rather productive few days.",
    ],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: ["Thank you so much, that's absolutely brilliant!"],
    expect: { noEcho: true },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "I'm so sorry, I think I've muddled myself. Could you remind me what's on my list, and then I'll sort it out?",
    ],
    expect: { answer: [/Essay on photosynthesis/i, /Read chapter 5/i, /Buy a calculator/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: ['Might you possibly tell me what I jotted down about mitochondria?'],
    expect: { answer: [/cristae|powerhouse/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Would it be possible to delete my Exam plan note? I've rewritten the whole thing by hand.",
    ],
    expect: { notesGone: [/^exam plan$/i] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "I'd be much obliged if you could set the Krebs flashcards to be due the day before my exam.",
    ],
    expect: { updated: [{ was: CARDS, due: '2026-12-14' }] },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: [
      "Could you kindly add 'respond to reviewer comments' and leave it without a date for now? It's not urgent in the slightest.",
    ],
    expect: {
      created: [
        { title: /^respond to (?:the )?reviewers?'? comments$/i, due: null, importance: LOW },
      ],
    },
    workspace: 'week',
    voice: 'british',
  },
  {
    say: ["Would you be so good as to put 'poster draft' down for a week on Friday?"],
    expect: { created: [{ title: /^(?:the )?poster draft$/i, due: '2026-12-11' }] },
    workspace: 'week',
    voice: 'british',
  },

  // --- several things in one message ---
  {
    say: [
      'ok so: add revise glycolysis for thurs, add past paper 2019 for saturday, and mark the calculator as bought',
    ],
    expect: {
      created: [
        { title: /^revise glycolysis$/i, due: '2026-12-03' },
        {
          title: /^(?:do )?(?:the )?(?:2019 past paper|past paper(?: from)? 2019)$/i,
          due: '2026-12-05',
        },
      ],
      updated: [{ was: CALC, done: true }],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      'can you add these:\n1. lab report - friday\n2. read chapter 6 - monday\n3. email tutor about extension - tomorrow',
    ],
    expect: {
      created: [
        { title: /^(?:the )?lab report$/i, due: '2026-12-04' },
        { title: /^read chapter 6$/i, due: '2026-12-07' },
        {
          title: /^email (?:my |the )?tutor(?: about (?:the |an |my )?extension)?$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ['finished chapter 5 and then did the krebs flashcards too, tick them both off pls'],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: CARDS, done: true },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      'add stats problem set due wed. oh and also remind me to buy printer ink, no date for that one',
    ],
    expect: {
      created: [
        { title: /^(?:the )?stats problem set$/i, due: '2026-12-02' },
        { title: /^buy (?:some )?printer ink$/i, due: null },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      'things for this week\nphysics quiz prep thursday\nlaundry saturday lol\ncall mum sunday',
    ],
    expect: {
      created: [
        { title: /^physics quiz prep$/i, due: '2026-12-03' },
        { title: /^(?:do (?:the )?)?laundry$/i, due: '2026-12-05' },
        { title: /^call mum$/i, due: '2026-12-06' },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ["delete the calculator one, make the essay a 5, and add 'book library room' for monday"],
    expect: {
      deleted: [CALC],
      updated: [{ was: ESSAY, importance: 5 }],
      created: [{ title: /^book (?:a |the )?library room$/i, due: '2026-12-07' }],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      '- move ch 5 reading to friday\n- essay to wednesday 9th\n- lecture 1 notes review by sunday',
    ],
    expect: {
      updated: [
        { was: CH5, due: '2026-12-04' },
        { was: ESSAY, due: '2026-12-09' },
        { was: LECT, due: '2026-12-06' },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      "remember that i'm a visual learner, and add 'make mind map for respiration' for tomorrow",
    ],
    expect: {
      memory: /visual/i,
      created: [
        { title: /^make (?:a )?mind ?-?map (?:for|of|on) respiration$/i, due: '2026-12-02' },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      "note called 'Krebs facts':\nacetyl-CoA joins oxaloacetate\n2 turns per glucose\nmakes NADH and FADH2\nand then add a task to learn it by friday",
    ],
    expect: {
      note: { title: /^krebs facts$/i, content: /oxaloacetate[\s\S]*FADH2/i },
      created: [{ title: /^(?:learn|revise|memori[sz]e) (?:the )?krebs/i, due: '2026-12-04' }],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ["3 things: 1) calculator's done 2) essay's now due the 11th 3) what's left after that?"],
    expect: {
      updated: [
        { was: CALC, done: true },
        { was: ESSAY, due: '2026-12-11' },
      ],
      answer: [/Essay on photosynthesis/i, /Read chapter 5/i, /Krebs/i],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      "add 'group meeting prep' for thursday and 'submit ethics form' for friday, both pretty important",
    ],
    expect: {
      created: [
        { title: /^group meeting prep$/i, due: '2026-12-03', importance: HIGH },
        { title: /^submit (?:the |my )?ethics form$/i, due: '2026-12-04', importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      'oh and also can you delete the mitochondria note, i merged it into my main notes. and forget that i study best in the morning',
    ],
    expect: { notesGone: [/^mitochondria$/i], forgotten: /morning/i },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ['mark essay done, mark chapter 5 done, mark lecture notes done. big day 😎'],
    expect: {
      updated: [
        { was: ESSAY, done: true },
        { was: CH5, done: true },
        { was: LECT, done: true },
      ],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      "could u add 'dissertation proposal' for 4 jan and also 'ethics training' for end of the week, then tell me how many that makes",
    ],
    expect: {
      created: [
        { title: /^(?:the )?dissertation proposal$/i, due: '2027-01-04' },
        { title: /^ethics training$/i, due: '2026-12-06' },
      ],
      answer: [/\b7\b|\bseven\b/i],
    },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ['whenever u get a sec: chapter 5 -> done, calculator -> gone, essay -> importance 5'],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: ESSAY, importance: 5 },
      ],
      deleted: [CALC],
    },
    workspace: 'week',
    voice: 'several',
  },
]
