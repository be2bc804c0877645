import type { EvalCase } from '../evalCase.ts'

/** Follow-up conversations, stressed students and Australian/NZ English, written blind on 2026-12-06 by a writer who never read the planner */
import { HELDOUT_FINAL_QUESTIONS_LATER } from './heldoutFinalQuestionsLater.ts'

export const HELDOUT_FINAL_QUESTIONS: readonly EvalCase[] = [
  // ---------------------------------------------------------------- follow-up
  {
    voice: 'follow-up',
    say: ["what's due soonest?", 'push it to friday'],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-04' }] },
  },
  {
    voice: 'follow-up',
    say: ["what's my most important task?", 'make it due next friday instead'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-11' }] },
  },
  {
    voice: 'follow-up',
    say: ["which tasks don't have a date?", 'get rid of the calculator one'],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'follow-up',
    say: ['what notes have I got?', "add 'then genetics' to that one"],
    expect: { note: { title: /exam plan/i, content: /genetics/i } },
  },
  {
    voice: 'follow-up',
    say: ['what notes have i got?', 'rename it to Revision plan'],
    expect: { note: { title: /revision plan/i }, notesGone: [/^exam plan$/i] },
  },
  {
    voice: 'follow-up',
    say: ['how many tasks are due this week?', 'which one is it?'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'follow-up',
    say: ["what's lecture 2 about?", 'can you save that as a note'],
    expect: { note: { content: /glycolysis|krebs|electron transport|respiration/i } },
  },
  {
    voice: 'follow-up',
    say: ['add a task to do the bio quiz on thursday', 'actually make it friday'],
    expect: { created: [{ title: /bio quiz/i, due: '2026-12-04' }] },
  },
  {
    voice: 'follow-up',
    say: ['add a task for the history essay plan', 'undo that'],
    expect: { noEcho: true },
  },
  {
    voice: 'follow-up',
    say: ['what have i got due, in date order?', 'push the last one back to the 10th'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-10' }] },
  },
  {
    voice: 'follow-up',
    say: ['what have I got due, soonest first?', 'tick off the first one'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'follow-up',
    say: ["what's got a due date?", 'push both back a week'],
    expect: {
      updated: [
        { was: 'Read chapter 5', due: '2026-12-10' },
        { was: 'Essay on photosynthesis', due: '2026-12-15' },
      ],
    },
  },
  {
    voice: 'follow-up',
    say: ["what's in my exam plan note?", "add 'krebs cycle last' to the end of it"],
    expect: { note: { title: /exam plan/i, content: /respiration[\s\S]*krebs/i } },
  },
  {
    voice: 'follow-up',
    say: ["what's RuBisCO?", 'add a task to revise it for friday'],
    expect: { created: [{ title: /rubisco/i, due: '2026-12-04' }] },
  },
  {
    voice: 'follow-up',
    say: ['which lecture covers respiration?', 'add a task to go over it by thursday'],
    expect: { created: [{ title: /lecture 2|lecture-2|respiration/i, due: '2026-12-03' }] },
  },
  {
    voice: 'follow-up',
    say: ['what do you remember about me?', 'forget that one'],
    expect: { forgotten: /25 min/i },
  },
  {
    voice: 'follow-up',
    say: ['tick off the essay', "what's left now?", 'actually undo that'],
    expect: { updated: [{ was: 'Essay on photosynthesis', done: false }] },
  },
  {
    voice: 'follow-up',
    say: ['add a task to email my tutor', 'and one to pick up my lab coat', 'make both due friday'],
    expect: {
      created: [
        { title: /email my tutor|email.*tutor/i, due: '2026-12-04' },
        { title: /lab coat/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'follow-up',
    say: ["what's due the day after tomorrow?", 'ok mark it as high priority'],
    expect: { updated: [{ was: 'Read chapter 5', importance: [4, 5] }] },
  },
  {
    voice: 'follow-up',
    say: [
      "i got 17 out of 20 on the quiz, what's that as a percentage?",
      'and if the quiz is worth 10% of the unit, how many marks is that out of 10?',
    ],
    expect: { answer: [/8\.5/], noEcho: true },
  },
  {
    voice: 'follow-up',
    say: ['how many notes have I got?', 'delete the mitochondria one'],
    workspace: 'week',
    expect: { notesGone: [/^mitochondria$/i] },
  },
  {
    voice: 'follow-up',
    say: ["add 'finish maths problem set' for wednesday", "what's due this week now?"],
    expect: {
      created: [{ title: /maths problem set/i, due: '2026-12-02' }],
      answer: [/maths problem set/i, /chapter 5/i],
      noEcho: true,
    },
  },
  {
    voice: 'follow-up',
    say: ["what's the most important thing on my list?", "and when's it due?"],
    expect: { answer: [/12-08|\b8(th)?\b|tues/i], noEcho: true },
  },
  {
    voice: 'follow-up',
    say: ["what's in lecture 1?", 'what about the second one?'],
    expect: { answer: [/glycolysis|krebs|electron transport|ATP|fermentation/i], noEcho: true },
  },
  {
    voice: 'follow-up',
    say: [
      'add a task to write up the prac',
      'give it a due date of the 15th and make it high priority',
    ],
    expect: { created: [{ title: /prac/i, due: '2026-12-15', importance: [4, 5] }] },
  },
  {
    voice: 'follow-up',
    say: ["what haven't I finished yet?", 'ok the flashcards are done now, tick that one'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', done: true }] },
  },
  {
    voice: 'follow-up',
    say: ["how many days until my essay's due?", 'and until my exam?'],
    workspace: 'week',
    expect: { answer: [/\b14\b|fourteen|two weeks/i], noEcho: true },
  },
  {
    voice: 'follow-up',
    say: ['add a task to finish the lab report by friday', 'make that one a 5'],
    expect: { created: [{ title: /lab report/i, due: '2026-12-04', importance: 5 }] },
  },
  {
    voice: 'follow-up',
    say: [
      'add revise for the chem quiz',
      'actually put it on the 15th',
      'and make it low priority',
    ],
    expect: { created: [{ title: /chem quiz/i, due: '2026-12-15', importance: [1, 2] }] },
  },
  {
    voice: 'follow-up',
    say: ["what's the electron transport chain?", 'which lecture is that from?'],
    expect: { answer: [/lecture 2|lecture-2|respiration/i], noEcho: true },
  },

  // ---------------------------------------------------------------- stressed
  {
    voice: 'stressed',
    say: ['ugh i have so much on, whats actually due soon'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ['im freaking out, add finish the chem prac report by thursday, its urgent'],
    expect: { created: [{ title: /chem prac report/i, due: '2026-12-03', importance: [4, 5] }] },
  },
  {
    voice: 'stressed',
    say: ["so stressed. just take the calculator thing off my list, i'm never getting to it"],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'stressed',
    say: ["everything is piling up, what's the single most important thing i should do"],
    expect: { answer: [/essay/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ['i cannot cope rn, can you push the essay back to next friday'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-11' }] },
  },
  {
    voice: 'stressed',
    say: ['overwhelmed. please remember that i get really anxious before exams'],
    expect: { memory: /anxious/i },
  },
  {
    voice: 'stressed',
    say: ["how many things have i even got left to do, i feel like i'm drowning"],
    expect: { answer: [/\b(5|five)\b/i], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ['im so behind but i finally did the chapter 5 reading, tick it off pls'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'stressed',
    say: [
      'panicking. got 55 on the midterm worth 30%, the final is worth 70%, what do i need on the final to get 50 overall',
    ],
    expect: { answer: [/47\.8|47\.9|\b48\b/], noEcho: true },
  },
  {
    voice: 'stressed',
    say: ["ugh, add study for the genetics test on monday, it's a big one"],
    expect: { created: [{ title: /genetics test/i, due: '2026-12-07', importance: [4, 5] }] },
  },
  {
    voice: 'stressed',
    say: ['i keep forgetting stuff, add email lab partner about the data tomorrow'],
    expect: { created: [{ title: /lab partner/i, due: '2026-12-02' }] },
  },
  {
    voice: 'stressed',
    say: [
      'stressing about money too. add a reminder to sell my old textbooks, low priority, no rush',
    ],
    expect: { created: [{ title: /old textbooks/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'stressed',
    say: [
      "i have to start my psych assignment, it's due 18 dec and it's important and i haven't even opened it",
    ],
    expect: { created: [{ title: /psych assignment/i, due: '2026-12-18', importance: [4, 5] }] },
  },
  ...HELDOUT_FINAL_QUESTIONS_LATER,
]
