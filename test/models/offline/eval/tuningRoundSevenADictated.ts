/**
 * Round 7, writer A (blind): dictated speech.
 * Split out unchanged from the file as written (the join keeps the written order). Workspace
 * `week`, Tuesday 1 December 2026, 10:00.
 */
import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LOW } from './heldoutNames.ts'

const D3 = /\b3(?:rd)?\s*Dec|Dec(?:ember)?\s*3(?:rd)?\b|2026-12-03/i
const D8 = /\b8(?:th)?\s*Dec|Dec(?:ember)?\s*8(?:th)?\b|2026-12-08/i
const V = 'dictated, voice typing'

/** The cases, as written. */
export const DICTATED: readonly EvalCase[] = [
  {
    say: ['add a task revise pharmacology four thursday full stop'],
    expect: { created: [{ title: /^revise pharmacology$/i, due: '2026-12-03' }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['remind me two email my tutor about the extension by friday'],
    expect: {
      created: [
        {
          title: /^email (?:my )?tutor about (?:the |my )?extension$/i,
          due: '2026-12-04',
        },
      ],
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['what have I got due this week question mark'],
    expect: { answer: [/chapter 5/i, D3] },
    workspace: 'week',
    voice: V,
  },
  {
    say: [
      'okay so um add a new task uh no wait make that two tasks comma read chapter six by wednesday and finish the lab report by next monday full stop',
    ],
    expect: {
      created: [
        { title: /^read chapter (?:6|six)$/i, due: '2026-12-02' },
        { title: /^finish (?:the )?lab report$/i, due: '2026-12-07' },
      ],
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: [
      'take a note called ward placement comma bring fob watch comma black shoes comma and my name badge full stop',
    ],
    expect: {
      note: {
        title: /^ward placement$/i,
        content: /fob watch[\s\S]*black shoes[\s\S]*name badge/i,
      },
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['mark the essay on photosynthesis is done'],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['remember that my placement starts on the fourteenth of December full stop'],
    expect: { memory: /placement[\s\S]*(?:14|fourteenth)/i },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['how many tasks have I got left to do question mark'],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['delete the buy a calculator task I already got won'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['move read chapter five two next monday'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['set the flash cards for the crebs cycle too high importance'],
    expect: { updated: [{ was: CARDS, importance: HIGH }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['add buy for pens and a highlighter'],
    expect: { created: [{ title: /^buy (?:4|four|for) pens and a highlighter$/i }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['add a task to uh to call the the clinic no the dental clinic on thursday'],
    expect: { created: [{ title: /^call the dental clinic$/i, due: '2026-12-03' }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['what did I write in my exam plan note question mark'],
    expect: { answer: [/respiration/i, /photosynthesis/i] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['when is my essay do'],
    expect: { answer: [D8] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['add study for the pharmacology exam on the fifteenth importance five'],
    expect: {
      created: [
        {
          title: /^study for (?:the |my )?pharmacology exam$/i,
          due: '2026-12-15',
          importance: 5,
        },
      ],
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: ["what's due on thursday", 'okay move that too saturday full stop'],
    expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ["what's the average of seventy two sixty eight and eighty one"],
    expect: { answer: [/73\.6[67]?|73\.7/] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['delete the note called mitochondria full stop no actually keep it keep it'],
    expect: { created: [] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['add a task read chapter seven comma due friday comma importance for'],
    expect: {
      created: [{ title: /^read chapter (?:7|seven)$/i, due: '2026-12-04', importance: 4 }],
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['can you mark return library books as done I think I forgot to'],
    expect: { updated: [{ was: BOOKS, done: true }], answer: [/already/i] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['forget that I study best in the morning full stop thanks'],
    expect: { forgotten: /study best in the morning/i },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['write in my mitochondria note that a tp is made by a tp synthase on the inner membrane'],
    expect: { note: { title: /^mitochondria$/i, content: /cristae[\s\S]*synthase/i } },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['um so whats my next deadline I think its the the reading one'],
    expect: { answer: [/chapter 5/i, D3] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['new task buy a new fob watch comma not urgent'],
    expect: { created: [{ title: /^buy (?:a )?(?:new )?fob watch$/i, importance: LOW }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: [
      "add a task hand in placement portfolio on the ninth of December comma that's really important full stop",
    ],
    expect: {
      created: [
        {
          title: /^hand in (?:my |the )?placement portfolio$/i,
          due: '2026-12-09',
          importance: HIGH,
        },
      ],
    },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['how many days until my exam question mark'],
    expect: { answer: [/\b14\b|fourteen/i] },
    workspace: 'week',
    voice: V,
  },
  {
    say: ['add a note two the essay task saying use at least ten references full stop'],
    expect: { updated: [{ was: ESSAY, notes: /(?:ten|10) references/i }] },
    workspace: 'week',
    voice: V,
  },
  {
    say: [
      'is the print lecture slides one done yet question mark',
      'okay and the library books one',
    ],
    expect: { answer: [/\byes\b|already|is done|are done|completed|ticked|both/i] },
    workspace: 'week',
    voice: V,
  },
]
