import type { EvalCase } from '../evalCase.ts'

/** Follow-up conversations, stressed students and Australian/NZ English, written blind on 2026-12-06 by a writer who never read the planner */
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
