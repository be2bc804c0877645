/**
 * Round six, writer B (blind): English as a second language, changes, notes, memory, follow-ups,
 * questions and sums.
 * Split out unchanged from tuningRoundSixB.ts, which joins the parts in their order (the workspace
 * is described there). The `week` workspace, Tuesday 1 December 2026; written from the case format,
 * the eval's workspace seed and the docs only (never the planner).
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LECT, SLIDES } from './heldoutNames.ts'

const ESL = 'non-native'

/** The same students: changes, notes, memory, follow-ups, questions, sums and chit-chat. */
export const LEARNER_MORE: readonly EvalCase[] = [
  // Importance, renames, task notes
  {
    say: ['change the importance of flashcards to more high, is important for me'],
    expect: { updated: [{ was: CARDS, importance: HIGH }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['can you to put the essay with less importance? is not so urgent now'],
    expect: { updated: [{ was: ESSAY, importance: [1, 3] }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the importance of read chapter 5 put it in 5'],
    expect: { updated: [{ was: CH5, importance: 5 }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['change the name of the task calculator to buy scientific calculator'],
    expect: { updated: [{ was: CALC, title: /^buy (?:a )?scientific calculator$/i }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the flashcards task, put him a note: use the colors for each step'],
    expect: { updated: [{ was: CARDS, notes: /colou?rs for each step/i }] },
    workspace: 'week',
    voice: ESL,
  },
  // Completes, un-completes, deletes
  {
    say: ['I already did the chapter 5 reading, mark as finish'],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['The calculator I bought it yesterday'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I send the essay today to the teacher'],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Review lecture 1 notes already finish'],
    expect: { updated: [{ was: LECT, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Mark the return of library books like not done, I still have one book in my house'],
    expect: { updated: [{ was: BOOKS, done: false }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["I didn't print still the slides, please put it again like pending"],
    expect: { updated: [{ was: SLIDES, done: false }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['please delete the task of the calculator, I have one already'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["quit the task of flashcards, I don't need"],
    expect: { deleted: [CARDS] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['delete the two tasks that are finished'],
    expect: { deleted: [BOOKS, SLIDES] },
    workspace: 'week',
    voice: ESL,
  },
  // Notes
  {
    say: [
      'do me a favor and write one note with name Enzymes: enzymes are proteins\nthey make faster the reactions',
    ],
    expect: {
      note: {
        title: /^Enzymes$/i,
        content: /enzymes are proteins[\s\S]*make faster the reactions/i,
      },
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the exam plan note, change his name to Final exam plan'],
    expect: { note: { title: /^Final exam plan$/i }, notesGone: [/^Exam plan$/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['erase the note of mitochondria please'],
    expect: { notesGone: [/^Mitochondria$/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['add in the note exam plan: do old exams in sunday'],
    expect: { note: { title: /^Exam plan$/i, content: /do old exams/i } },
    workspace: 'week',
    voice: ESL,
  },
  // Memory
  {
    say: ['Please you remember that I am living in the residence Block C'],
    expect: { memory: /Block C/i },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Keep in your mind that my name is Olga'],
    expect: { memory: /Olga/ },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['forget the thing that I study better in the morning, is not true anymore'],
    expect: { forgotten: /study best in the morning/i },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Forget all about me, please, I want to start from zero'],
    expect: { memoryCleared: true },
    workspace: 'week',
    voice: ESL,
  },
  // Follow-ups and undo
  {
    say: ['add to study the vocabulary of german tomorrow', 'no, not tomorrow, in thursday'],
    expect: {
      created: [
        {
          title: /^study (?:the )?(?:vocabulary of german|german vocabulary)$/i,
          due: '2026-12-03',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['delete the task buy a calculator', 'oh no, I was wrong, return it back please'],
    expect: {},
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['add wash my car in saturday', 'put it more important please'],
    expect: {
      created: [{ title: /^wash my car$/i, due: '2026-12-05', importance: HIGH }],
    },
    workspace: 'week',
    voice: ESL,
  },
  // Questions
  {
    say: ['when I must give the essay?'],
    expect: { answer: [/8 Dec/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I have doubt, when is the read chapter 5 due?'],
    expect: { answer: [/3 Dec/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['which are the tasks for this week'],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['what is the task more important what I have?'],
    expect: { answer: [/Essay on photosynthesis/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['how many tasks I have without to finish?'],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["Is possible to see which tasks don't have date?"],
    expect: {
      answer: [
        /Buy a calculator/i,
        /Review lecture 1 notes/i,
        /Make flashcards for the Krebs cycle/i,
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['What you remember of me?'],
    expect: { answer: [/15 Dec/i, /morning/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Say me what is in my note of mitochondria'],
    expect: { answer: [/cristae/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['In which part of the cell happens the Calvin cycle?'],
    expect: { answer: [/stroma/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['give me a resume of the lecture 2, I lost the class'],
    expect: { answer: [/glycolysis/i] },
    workspace: 'week',
    voice: ESL,
  },
  // Sums
  {
    say: ['how much is 15 percent of 80?'],
    expect: { answer: [/\b12\b/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I read 25 pages for hour, the book have 340 pages, how many hours I need?'],
    expect: { answer: [/13\.6/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: [
      'I had 68 in the midterm that counts 40% and 80 in the final that counts 60%. Which is my note final?',
    ],
    expect: { answer: [/75\.2/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['how many days are between today and the 10 of january?'],
    expect: { answer: [/\b40\b/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['make a sum: 17 multiplied with 23'],
    expect: { answer: [/\b391\b/] },
    workspace: 'week',
    voice: ESL,
  },
  // Chit-chat: nothing to do, no echo
  {
    say: ['I am very tired today, the classes were very heavy'],
    expect: { noEcho: true },
    workspace: 'week',
    voice: ESL,
  },
]
