/**
 * Round six, writer B (blind): English as a second language, adds and moves.
 * Split out unchanged from tuningRoundSixB.ts, which joins the parts in their order (the workspace
 * is described there). The `week` workspace, Tuesday 1 December 2026; written from the case format,
 * the eval's workspace seed and the docs only (never the planner).
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { CH5, ESSAY, HIGH, LECT } from './heldoutNames.ts'

const ESL = 'non-native'

/** Students whose first language is Spanish, Hindi, Mandarin, Arabic, Russian, Portuguese, Korean,
 * French: adds and moves. */
export const LEARNER_ADDS: readonly EvalCase[] = [
  // Adds: literal translations, wrong prepositions, odd word order
  {
    say: ['please make the homework of maths for tomorrow'],
    expect: {
      created: [
        {
          title: /^(?:(?:do|make) )?(?:the |my )?(?:maths? homework|homework of maths?)$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Put a remember for me to call to my mother in sunday'],
    expect: { created: [{ title: /^call (?:to )?my mother$/i, due: '2026-12-06' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I must to finish the lab report until friday'],
    expect: { created: [{ title: /^finish (?:the |my )?lab report$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I want that you add revise the Krebs cycle in saturday'],
    expect: { created: [{ title: /^revise (?:the )?krebs cycle$/i, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Tomorrow I have to go to the dentist at 3, put it please'],
    expect: {
      created: [
        {
          title: /^(?:go to (?:the )?dentist|dentist(?: appointment)?)(?: at 3(?: ?pm)?)?$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['remind me for pay the rent the day 10'],
    expect: { created: [{ title: /^pay (?:the |my )?rent$/i, due: '2026-12-10' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I need to assist to the seminar of genetics on thursday'],
    expect: {
      created: [
        {
          title: /^(?:assist to|attend|go to) (?:the )?(?:seminar of genetics|genetics seminar)$/i,
          due: '2026-12-03',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I have an appointment with my tutor in next wednesday, please remind'],
    expect: {
      created: [
        {
          title: /^(?:(?:an |the )?appointment with my tutor|meet(?:ing)? (?:with )?my tutor)$/i,
          due: '2026-12-09',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Make me remember to bring the lab coat tomorrow morning'],
    expect: { created: [{ title: /^bring (?:the |my )?lab coat$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['For the 9 of december I need to have read the chapter 6'],
    expect: { created: [{ title: /^read (?:the )?chapter 6$/i, due: '2026-12-09' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Please add that I must revise the cristae for the quiz, very important, for friday'],
    expect: {
      created: [
        {
          title: /^revise (?:the )?cristae(?: for the quiz)?$/i,
          due: '2026-12-04',
          importance: HIGH,
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add task write report about experiment to Friday'],
    expect: {
      created: [
        {
          title: /^write (?:a |the )?report (?:about|on) (?:the |an )?experiment$/i,
          due: '2026-12-04',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['kindly do the needful and add revise organic chemistry by tomorrow itself'],
    expect: { created: [{ title: /^revise organic chemistry$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['help me add one task, tomorrow go library borrow book'],
    expect: {
      created: [
        {
          title:
            /^(?:go (?:to )?(?:the )?library(?: (?:and |to )?borrow (?:a |the )?books?)?|borrow (?:a |the )?books? (?:from|at) (?:the )?library)$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Friday until the lab report finish must, please add'],
    expect: {
      created: [{ title: /^(?:finish )?(?:the )?lab report(?: finish)?$/i, due: '2026-12-04' }],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["I must do my dissertation for the 10 december, it's very important"],
    expect: {
      created: [
        { title: /^(?:do |write )?my dissertation$/i, due: '2026-12-10', importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Can you remind me to pass my exam of driving on monday'],
    expect: {
      created: [
        {
          title: /^(?:pass|take|do) my (?:exam of driving|driving (?:exam|test))$/i,
          due: '2026-12-07',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["Tomorrow morning 9 o'clock have group meeting, help me remember"],
    expect: {
      created: [
        {
          title: /^(?:have |go to )?(?:a |the )?group meeting(?: at 9(?: o'clock| ?am)?)?$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add three tasks: wash the clothes, clean my room, buy the bread'],
    expect: {
      created: [
        { title: /^wash (?:the |my )?clothes$/i },
        { title: /^clean my room$/i },
        { title: /^buy (?:the |some )?bread$/i },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: [
      'i am agree with the plan, add please revise photosynthesis in monday and respiration in tuesday',
    ],
    expect: {
      created: [
        { title: /^revise photosynthesis$/i, due: '2026-12-07' },
        { title: /^(?:revise )?respiration$/i, due: '2026-12-08' },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add revise chapter 6 for friday and after that put it in high priority'],
    expect: {
      created: [{ title: /^revise chapter 6$/i, due: '2026-12-04', importance: HIGH }],
    },
    workspace: 'week',
    voice: ESL,
  },
  // Moves: false friends (advance, prepone, actualize, prolongate), wrong prepositions
  {
    say: ['The essay, can you move it for the next monday?'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Actually the reading of chapter 5 is not until monday, the professor said'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['postpone the reading of chapter 5 two days more'],
    expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['advance the essay to thursday, the teacher wants it before'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['please prepone the essay to saturday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Actualize the essay to the day 14'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-14' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Normally the essay is for the 8 but the prof has prolongated it to the 15'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-15' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Put the review of lecture 1 for tomorrow'],
    expect: { updated: [{ was: LECT, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['essay deadline change to next friday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["the task of essay, take out the date, the teacher didn't give date yet"],
    expect: { updated: [{ was: ESSAY, due: null }] },
    workspace: 'week',
    voice: ESL,
  },
]
