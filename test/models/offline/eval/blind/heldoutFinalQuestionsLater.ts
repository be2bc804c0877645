import type { EvalCase } from '../evalCase.ts'

/** The second half of HELDOUT_FINAL_QUESTIONS (split for length only; written blind with it). */
export const HELDOUT_FINAL_QUESTIONS_LATER: readonly EvalCase[] = [
  {
    voice: 'stressed',
    say: ["what's due in the next few days, i need to know what to panic about first"],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ['list what i have due by date pls, i need to see it laid out'],
    expect: { answer: [/chapter 5[\s\S]*essay/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: [
      "what's due this week, i'm losing it",
      "ok push that to saturday, i can't do it by thursday",
    ],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-05' }] },
  },
  {
    voice: 'stressed',
    say: [
      "omg what's my most important task",
      "fine. add 'start with the intro' to that task's notes",
    ],
    expect: { updated: [{ was: 'Essay on photosynthesis', notes: /intro/i }] },
  },
  {
    voice: 'stressed',
    say: ['i need a clean slate. forget everything you know about me'],
    expect: { memoryCleared: true },
  },
  {
    voice: 'stressed',
    say: ['ugh i totally forgot about the essay, how many days have i got left'],
    expect: { answer: [/\b(7|seven)\b|a week/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: [
      "i've got 60 pages to read and i do about 20 pages an hour, how long is that going to take me, i'm so behind",
    ],
    expect: { answer: [/\b3\b|three|180/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ['feeling awful. can you book me an appointment with the uni counsellor'],
    expect: { noEcho: true },
  },
  {
    voice: 'stressed',
    say: [
      'what notes do i even have, im so disorganised',
      "ok delete that one, i'll redo it from scratch",
    ],
    expect: { notesGone: [/^exam plan$/i] },
  },
  {
    voice: 'stressed',
    say: [
      "i'm drowning in work. make the review lecture 1 notes one low priority and take the date off the essay",
    ],
    expect: {
      updated: [
        { was: 'Review lecture 1 notes', importance: [1, 2] },
        { was: 'Essay on photosynthesis', due: null },
      ],
    },
  },
  {
    voice: 'stressed',
    say: ['ugh add do the bio reading tonight, i keep putting it off'],
    expect: { created: [{ title: /bio reading/i, due: '2026-12-01' }] },
  },
  {
    voice: 'stressed',
    say: [
      'rewrite my exam plan note so it says photosynthesis first then respiration, i had it backwards',
    ],
    expect: { note: { title: /exam plan/i, content: /photosynthesis[\s\S]*respiration/i } },
  },

  // ---------------------------------------------------------------- aus-nz
  {
    voice: 'aus-nz',
    say: ['reckon you could chuck in a task to do my stats assignment by friday arvo'],
    expect: { created: [{ title: /stats assignment/i, due: '2026-12-04' }] },
  },
  {
    voice: 'aus-nz',
    say: ["how're we looking this week"],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ["heaps on at uni, what's due next week?"],
    expect: { answer: [/essay/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['add submit the sociology assignment for monday week'],
    expect: { created: [{ title: /sociology assignment/i, due: '2026-12-14' }] },
  },
  {
    voice: 'aus-nz',
    say: ['chuck the flashcards up to high priority, reckon they matter more than i thought'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', importance: [4, 5] }] },
  },
  {
    voice: 'aus-nz',
    say: ['what notes have i got at the mo'],
    workspace: 'week',
    expect: { answer: [/exam plan/i, /mitochondria/i], noEcho: true },
  },
  { voice: 'aus-nz', say: ['set an alarm for 7 tomorrow morning yeah?'], expect: { noEcho: true } },
  { voice: 'aus-nz', say: ['sweet as, cheers for that'], expect: { noEcho: true } },
  {
    voice: 'aus-nz',
    say: ['add a task to ring the flatmates about rent on thursday arvo'],
    expect: { created: [{ title: /flatmates|rent/i, due: '2026-12-03' }] },
  },
  {
    voice: 'aus-nz',
    say: [
      "reckon i'll need the calculator for the exam, make that one high priority and due wednesday",
    ],
    expect: { updated: [{ was: 'Buy a calculator', importance: [4, 5], due: '2026-12-02' }] },
  },
  {
    voice: 'aus-nz',
    say: [
      "got 68 on assignment 1 worth 20%, 74 on assignment 2 worth 30% and 81 on the exam worth 50%, what's that come to overall",
    ],
    expect: { answer: [/76\.3/], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['remember i work at the cafe on saturday arvos'],
    expect: { memory: /saturday/i },
  },
  {
    voice: 'aus-nz',
    say: ["what's the go with the calvin cycle? whatever the lecture says"],
    expect: { answer: [/calvin/i, /stroma|rubisco|carbon|co2|sugar|glucose/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: [
      'heaps keen to get on top of things, add read chapter 6 for next wednesday and read chapter 7 for next friday',
    ],
    expect: {
      created: [
        { title: /chapter 6/i, due: '2026-12-09' },
        { title: /chapter 7/i, due: '2026-12-11' },
      ],
    },
  },
  {
    voice: 'aus-nz',
    say: ['how many tasks have i knocked off so far'],
    workspace: 'week',
    expect: { answer: [/\b(2|two)\b/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ["how're we looking for the essay?", 'reckon push it out to monday week'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-14' }] },
  },
  {
    voice: 'aus-nz',
    say: ['can you whip up a summary of lecture 2 and pop it in a note'],
    expect: { note: { content: /glycolysis|krebs|electron transport|ATP/i } },
  },
  {
    voice: 'aus-nz',
    say: ['how many days till me exam?'],
    workspace: 'week',
    expect: { answer: [/\b14\b|fourteen|two weeks/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['add catch up on the lecture recordings in a fortnight'],
    expect: { created: [{ title: /lecture recordings/i, due: '2026-12-15' }] },
  },
  {
    voice: 'aus-nz',
    say: ["good arvo! what's the most important thing on me list"],
    expect: { answer: [/essay/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['make a note called Prac tips: wear closed shoes, bring your lab coat'],
    expect: { note: { title: /prac tips/i, content: /closed shoes/i } },
  },
  {
    voice: 'aus-nz',
    say: [
      'how many tasks have i got with no date?',
      'whack a date on the review lecture 1 one, thursday week',
    ],
    expect: { updated: [{ was: 'Review lecture 1 notes', due: '2026-12-10' }] },
  },
  {
    voice: 'aus-nz',
    say: ["reckon i'll ditch the krebs cycle flashcards, delete that task"],
    expect: { deleted: ['Make flashcards for the Krebs cycle'] },
  },
  {
    voice: 'aus-nz',
    say: ['what do the reading notes say about how photosynthesis and respiration link up?'],
    expect: { answer: [/glucose|oxygen|carbon dioxide|co2|sugar|atp/i], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['add pick up textbooks from the uni bookshop on friday', 'nah undo that mate'],
    expect: { noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ["what've you got on me, memory-wise?"],
    workspace: 'week',
    expect: { answer: [/25/, /morning/i, /15/], noEcho: true },
  },
  {
    voice: 'aus-nz',
    say: ['pop in a task to get my uni parking permit sorted, no rush'],
    expect: { created: [{ title: /parking permit/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'aus-nz',
    say: ['add finish the geog assignment by end of the week'],
    expect: { created: [{ title: /geog assignment/i, due: '2026-12-06' }] },
  },
  {
    voice: 'aus-nz',
    say: ['rename the calculator task to buy a graphics calculator, reckon i need a proper one'],
    expect: { updated: [{ was: 'Buy a calculator', title: /graphics calculator/i }] },
  },
  { voice: 'aus-nz', say: ['no worries, catch ya later'], expect: { noEcho: true } },
  {
    voice: 'aus-nz',
    say: [
      "what's on for next week, anything big?",
      'righto, tick that one off, handed it in early',
    ],
    expect: { updated: [{ was: 'Essay on photosynthesis', done: true }] },
  },
]
