/**
 * Round 7, set B (blind): indirect requests, a change and a question in one message, follow-ups.
 * Split out unchanged from the file as written (the join keeps the written order). Workspace
 * `week`, Tuesday 1 December 2026, 10:00.
 */
import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW } from './heldoutNames.ts'

/** The cases, as written. */
export const POLITE_MORE: readonly EvalCase[] = [
  // --- indirect: the verb is never said ---
  {
    say: ['the essay got moved to monday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["i'm done with the reading"],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["that calculator thing isn't happening any more, i'm borrowing my flatmate's"],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['krebs flashcards sorted ✅'],
    expect: { updated: [{ was: CARDS, done: true }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["turns out chapter 5 isn't due till the 9th"],
    expect: { updated: [{ was: CH5, due: '2026-12-09' }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["the lecture 1 review doesn't really matter much anymore tbh"],
    expect: { updated: [{ was: LECT, importance: LOW }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['got the calculator yesterday from argos'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["prof dropped the flashcards requirement so that's just gone now"],
    expect: { deleted: [CARDS] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['photosynthesis essay deadline got pushed back a week!!'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-15' }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['my exam moved to the 17th btw'],
    expect: { forgotten: /15 December/i, memory: /17/ },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['reading for thursday is now for friday'],
    expect: { updated: [{ was: CH5, due: '2026-12-04' }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ['lecture 1 notes need looking at by monday'],
    expect: { updated: [{ was: LECT, due: '2026-12-07' }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: ["I still need to get a lab coat before friday's practical"],
    expect: { created: [{ title: /^(?:get|buy) (?:a )?lab coat$/i }] },
    workspace: 'week',
    voice: 'indirect',
  },

  // --- a change and a question in one message ---
  {
    say: ["push chapter 5 to friday. and when's the essay due again?"],
    expect: { updated: [{ was: CH5, due: '2026-12-04' }], answer: [/8 Dec/i] },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: ['mark the calculator done. how many things have i got left now?'],
    expect: { updated: [{ was: CALC, done: true }], answer: [/\b4\b|\bfour\b/i] },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: [
      "can you add 'bio practical write-up' for next monday, and what else have i got before then?",
    ],
    expect: {
      created: [{ title: /^bio(?:logy)? practical write-? ?up$/i, due: '2026-12-07' }],
      answer: [/Read chapter 5/i],
    },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: [
      "what's in my exam plan note? and add 'revise respiration' for tomorrow while you're at it",
    ],
    expect: {
      created: [{ title: /^revise respiration$/i, due: '2026-12-02' }],
      answer: [/photosynthesis/i],
    },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: ['delete the flashcards task, and remind me, when is my exam?'],
    expect: { deleted: [CARDS], answer: [/15 Dec/i] },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: [
      'Could you move the essay to Friday the 11th, and might you also tell me what is due before then?',
    ],
    expect: { updated: [{ was: ESSAY, due: '2026-12-11' }], answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: 'mixed',
  },
  {
    say: ["whats 45 out of 60 as a percentage? and add 'check mock marks' for thursday"],
    expect: {
      created: [{ title: /^check (?:my |the )?mock marks$/i, due: '2026-12-03' }],
      answer: [/75/],
    },
    workspace: 'week',
    voice: 'mixed',
  },

  // --- follow-ups ---
  {
    say: ['add essay plan for thursday', 'oh and make it important'],
    expect: { created: [{ title: /^(?:the )?essay plan$/i, due: '2026-12-03', importance: HIGH }] },
    workspace: 'week',
    voice: 'several',
  },
  {
    say: [
      "could you add 'chem revision' for friday please",
      'actually sorry, saturday would be better',
    ],
    expect: { created: [{ title: /^chem(?:istry)? revision$/i, due: '2026-12-05' }] },
    workspace: 'week',
    voice: 'polite',
  },
  {
    say: ['delete the calculator task', 'wait no, undo that, i still need it'],
    expect: {},
    workspace: 'week',
    voice: 'several',
  },
  {
    say: ['what do I have due this week?', "lovely, that one's done actually"],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'indirect',
  },
  {
    say: [
      'I wonder if you could remember that my supervisor is Dr Okafor',
      'and would you add a task to email her about chapter 3, by Thursday?',
    ],
    expect: {
      memory: /okafor/i,
      created: [
        { title: /^email .*(?:okafor|her|supervisor).*chapter (?:3|three)$/i, due: '2026-12-03' },
      ],
    },
    workspace: 'week',
    voice: 'british',
  },
]
