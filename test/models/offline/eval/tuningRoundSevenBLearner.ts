/**
 * Round 7, set B (blind): English as a second language (Spanish, Mandarin, Arabic, Hindi / Indian English).
 * Split out unchanged from the file as written (the join keeps the written order). Workspace
 * `week`, Tuesday 1 December 2026, 10:00.
 */
import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT } from './heldoutNames.ts'

/** The cases, as written. */
export const SECOND_LANGUAGE: readonly EvalCase[] = [
  // Spanish
  {
    say: ['Hello, I need to do the homework of chemistry for tomorrow, can you put it please'],
    expect: {
      created: [
        {
          title: /^(?:do (?:the )?)?(?:chemistry homework|homework (?:of|for|in) chemistry)$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['please can you put the essay for the day 10 of december'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['I finished already the lecture of the chapter 5'],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Remember that I am working in the weekends in a restaurant'],
    expect: { memory: /weekend/i },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: [
      'the exam of the 15 is very important so put the flashcards of Krebs with more importance, a 5',
    ],
    expect: { updated: [{ was: CARDS, importance: 5 }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Is possible to know how many tasks I have for to do?'],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: [
      'Can you add me a task for study the Calvin cycle?',
      'For the friday please, I forget to say',
    ],
    expect: { created: [{ title: /^study(?:ing)? (?:the )?calvin cycle$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  // Mandarin
  {
    say: ['Please help me add task: prepare presentation, Friday.'],
    expect: { created: [{ title: /^prepare (?:the |a |my )?presentation$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Chapter 5 reading is finish.'],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Tomorrow I must to go library borrow book for essay, please remind me.'],
    expect: { created: [{ title: /borrow|library/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Essay deadline change, now is next Monday.'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['What day my essay is due?'],
    expect: { answer: [/8 Dec/i] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Calculator I already buy yesterday'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Please save note, name is Calvin cycle, content: RuBisCO fix CO2, make G3P'],
    expect: { note: { title: /^(?:the )?calvin cycle$/i, content: /RuBisCO/i } },
    workspace: 'week',
    voice: 'non-native',
  },
  // Arabic
  {
    say: ['please to remove the task of calculator'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['I want you write in the note of mitochondria that they are make the ATP'],
    expect: { note: { title: /^mitochondria$/i, content: /ATP/ } },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Please add for me task, the reading of chapter six, in the Thursday'],
    expect: {
      created: [{ title: /^(?:the )?read(?:ing)? (?:of )?chapter (?:6|six)$/i, due: '2026-12-03' }],
    },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['The flashcards is not needed, my teacher he cancel it'],
    expect: { deleted: [CARDS] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['can you tell me which tasks I have in this week'],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['What I wrote in the exam plan?'],
    expect: { answer: [/respiration/i] },
    workspace: 'week',
    voice: 'non-native',
  },
  // Hindi / Indian English
  {
    say: ['Kindly do the needful and shift essay deadline to 10th December.'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Kindly update me what all tasks are pending.'],
    expect: { answer: [/Essay on photosynthesis/i, /Read chapter 5/i] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: [
      'Please add one task for revising Krebs cycle, it is very much important, day after tomorrow',
    ],
    expect: {
      created: [
        { title: /^revis(?:e|ing) (?:the )?krebs cycle$/i, due: '2026-12-03', importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['I have completed the lecture 1 notes revision only, please mark it'],
    expect: { updated: [{ was: LECT, done: true }] },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Please remember my exam is preponed to 11 December'],
    expect: { forgotten: /15 December/i, memory: /11 Dec/i },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ["Add task 'submit lab file' on Monday and also 'viva preparation' before exam"],
    expect: {
      created: [
        { title: /^submit (?:the )?lab file$/i, due: '2026-12-07' },
        { title: /^viva prep(?:aration)?$/i },
      ],
    },
    workspace: 'week',
    voice: 'non-native',
  },
  {
    say: ['Calculator task you can delete, and tell me when is my exam'],
    expect: { deleted: [CALC], answer: [/15 Dec/i] },
    workspace: 'week',
    voice: 'non-native',
  },
]
