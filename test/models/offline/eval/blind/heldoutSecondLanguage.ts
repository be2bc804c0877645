import type { EvalCase } from '../evalCase.ts'

/** English as a second language (Indian English; learners with Spanish, Chinese, German, Arabic first languages), written blind on 2026-12-01 by a writer who never read the planner */
export const HELDOUT_SECOND_LANGUAGE: readonly EvalCase[] = [
  // ---------- adding tasks ----------
  {
    voice: 'indian-english',
    say: ['Kindly add one task: submit lab record by tomorrow itself.'],
    expect: { created: [{ title: /lab record/i, due: '2026-12-02' }] },
  },
  {
    voice: 'indian-english',
    say: ["Please do the needful and add 'pay hostel fees' for friday."],
    expect: { created: [{ title: /hostel fees/i, due: '2026-12-04' }] },
  },
  {
    voice: 'indian-english',
    say: ['Add task to prepare viva questions, it is very urgent only, deadline is 10 jan'],
    expect: { created: [{ title: /viva questions/i, due: '2027-01-10', importance: [4, 5] }] },
  },
  {
    voice: 'indian-english',
    say: ['Kindly put one task to xerox the practical notes on monday'],
    expect: { created: [{ title: /practical notes/i, due: '2026-12-07' }] },
  },
  {
    voice: 'indian-english',
    say: ["Add 'complete assignment 3', deadline is end of the month"],
    expect: { created: [{ title: /assignment 3/i, due: '2026-12-31' }] },
  },
  {
    voice: 'indian-english',
    say: ['Kindly add one task for me - pay exam fees by the 15th'],
    expect: { created: [{ title: /exam fees/i, due: '2026-12-15' }] },
  },
  {
    voice: 'indian-english',
    say: ['Add task to submit internship form', 'Kindly make the deadline tomorrow itself'],
    expect: { created: [{ title: /internship form/i, due: '2026-12-02' }] },
  },
  {
    voice: 'indian-english',
    say: [
      'Please add one task to collect hall ticket from college office in a week, it is high priority',
    ],
    expect: { created: [{ title: /hall ticket/i, due: '2026-12-08', importance: [4, 5] }] },
  },
  {
    voice: 'indian-english',
    say: ['Kindly add revise thermodynamics derivations, no rush for the same'],
    expect: { created: [{ title: /thermodynamics derivations/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'learner-es',
    say: ['Please make a task for tomorrow the essay of history'],
    expect: { created: [{ title: /essay.*history|history.*essay/i, due: '2026-12-02' }] },
  },
  {
    voice: 'learner-es',
    say: ['I must to study the chapter 7 for the friday, add it please'],
    expect: { created: [{ title: /chapter 7/i, due: '2026-12-04' }] },
  },
  {
    voice: 'learner-es',
    say: ['Add a task: to practice the presentation of spanish literature, is very important'],
    expect: { created: [{ title: /presentation/i, due: null, importance: [4, 5] }] },
  },
  {
    voice: 'learner-es',
    say: ['Put in my tasks to buy the book of statistics, is not important, low priority'],
    expect: { created: [{ title: /statistics/i, importance: [1, 2] }] },
  },
  {
    voice: 'learner-es',
    say: ['Can you add that the day after tomorrow I have to deliver the project of chemistry'],
    expect: { created: [{ title: /chemistry/i, due: '2026-12-03' }] },
  },
  {
    voice: 'learner-es',
    say: [
      'Add two tasks: to read the article of economy for thursday and to write the summary for friday',
    ],
    expect: {
      created: [
        { title: /article/i, due: '2026-12-03' },
        { title: /summary/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'learner-zh',
    say: ['Help me add task finish math homework tomorrow'],
    expect: { created: [{ title: /math homework/i, due: '2026-12-02' }] },
  },
  {
    voice: 'learner-zh',
    say: ['Tomorrow I need go to library return book, please add'],
    expect: { created: [{ title: /return.*book/i, due: '2026-12-02' }] },
  },
  {
    voice: 'learner-zh',
    say: ['Please add: next friday have group meeting for chemistry project, very important'],
    expect: { created: [{ title: /chemistry/i, due: '2026-12-11', importance: [4, 5] }] },
  },
  {
    voice: 'learner-zh',
    say: ['I want add one task, revise English vocabulary, on thursday'],
    expect: { created: [{ title: /english vocabulary/i, due: '2026-12-03' }] },
  },
  {
    voice: 'learner-zh',
    say: ['Add task: preview lecture 3 before class on wednesday'],
    expect: { created: [{ title: /lecture 3/i, due: '2026-12-02' }] },
  },
  {
    voice: 'learner-zh',
    say: ['can you help me add a task', 'write outline for history essay, due monday'],
    expect: { created: [{ title: /outline/i, due: '2026-12-07' }] },
  },
  {
    voice: 'learner-de',
    say: ['Please add me a task: I must bring the registration form to the office until Friday'],
    expect: { created: [{ title: /registration form/i, due: '2026-12-04' }] },
  },
  {
    voice: 'learner-de',
    say: ["Add the task 'learn for the physics exam' at the 15th, it is very important"],
    expect: { created: [{ title: /physics exam/i, due: '2026-12-15', importance: [4, 5] }] },
  },
  {
    voice: 'learner-de',
    say: ['Can you make a task, that I call the student advisor on Monday'],
    expect: { created: [{ title: /student advisor/i, due: '2026-12-07' }] },
  },
  {
    voice: 'learner-de',
    say: ['Write me a task: give back the charger to Jonas, in a week'],
    expect: { created: [{ title: /charger/i, due: '2026-12-08' }] },
  },
  {
    voice: 'learner-ar',
    say: ['Please to add task for the friday: finish the lab report of biology'],
    expect: { created: [{ title: /lab report/i, due: '2026-12-04' }] },
  },
  {
    voice: 'learner-ar',
    say: ['I want that you add the task revise the chapter six, it is the big one'],
    expect: { created: [{ title: /chapter (six|6)/i, due: null, importance: [4, 5] }] },
  },
  {
    voice: 'learner-ar',
    say: [
      'Add please a task to meet with the doctor Ahmed about my project in the day after tomorrow',
    ],
    expect: { created: [{ title: /ahmed/i, due: '2026-12-03' }] },
  },
  {
    voice: 'learner-ar',
    say: ['Please add to my tasks: buy the notebooks, not important'],
    expect: { created: [{ title: /notebooks/i, importance: [1, 2] }] },
  },

  // ---------- changing, ticking, deleting tasks ----------
  {
    voice: 'indian-english',
    say: ['Kindly prepone the essay to friday'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-04' }] },
  },
  {
    voice: 'indian-english',
    say: ['Kindly prepone the chapter 5 reading to tomorrow itself'],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-02' }] },
  },
  {
    voice: 'indian-english',
    say: ['Read chapter 5 deadline got postponed, kindly make it next friday'],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-11' }] },
  },
  {
    voice: 'indian-english',
    say: ['I have completed the Krebs cycle flashcards itself, kindly mark it done'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', done: true }] },
  },
  {
    voice: 'indian-english',
    say: ['Is there any task regarding calculator?', 'Kindly delete the same'],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'indian-english',
    say: [
      'Mark read chapter 5 as done',
      'Sorry, I have not finished it actually, kindly mark it as pending only',
    ],
    expect: { updated: [{ was: 'Read chapter 5', done: false }] },
  },
  {
    voice: 'learner-es',
    say: ['The essay of photosynthesis, I finished it already. Mark like done please'],
    expect: { updated: [{ was: 'Essay on photosynthesis', done: true }] },
  },
  {
    voice: 'learner-es',
    say: ['Change the date of read chapter 5 for the monday'],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-07' }] },
  },
  {
    voice: 'learner-es',
    workspace: 'week',
    say: ['I did not return the books of the library really, please mark it like not done'],
    expect: { updated: [{ was: 'Return library books', done: false }] },
  },
  {
    voice: 'learner-zh',
    say: ["Please delete buy calculator task, I don't need anymore"],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'learner-zh',
    say: ['Review lecture 1 notes change to very important'],
    expect: { updated: [{ was: 'Review lecture 1 notes', importance: [4, 5] }] },
  },
  {
    voice: 'learner-zh',
    say: ['which task is most important?', 'ok this one move to friday'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-04' }] },
  },
  {
    voice: 'learner-de',
    say: ['Please make the deadline of the essay one week later'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-15' }] },
  },
  {
    voice: 'learner-de',
    say: ['The flashcards for the Krebs cycle I have made already, you can tick them off'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', done: true }] },
  },
  {
    voice: 'learner-de',
    say: ['Please take away the date from chapter 5, it has no deadline anymore'],
    expect: { updated: [{ was: 'Read chapter 5', due: null }] },
  },
  {
    voice: 'learner-de',
    say: ['Add to the essay task the note: use the diagrams from lecture 1'],
    expect: { updated: [{ was: 'Essay on photosynthesis', notes: /diagrams/i }] },
  },
  {
    voice: 'learner-ar',
    say: ['Please to delete the task of the flashcards'],
    expect: { deleted: ['Make flashcards for the Krebs cycle'] },
  },
  {
    voice: 'learner-ar',
    say: ['I finished to read the chapter 5 yesterday, please make it done'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'learner-ar',
    say: ["Please to change the name of task 'Buy a calculator' to 'Buy a scientific calculator'"],
    expect: { updated: [{ was: 'Buy a calculator', title: /scientific calculator/i }] },
  },

  // ---------- questions about tasks and sources ----------
  {
    voice: 'indian-english',
    say: ['Kindly revert back with what all is due this week'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'indian-english',
    say: ['Which task is having the highest priority?'],
    expect: { answer: [/photosynthesis/i], noEcho: true },
  },
  {
    voice: 'indian-english',
    say: ['Kindly explain where the light reactions happen, as per lecture 1'],
    expect: { answer: [/thylakoid/i], noEcho: true },
  },
  {
    voice: 'learner-es',
    say: ['How many tasks I have without to finish?'],
    expect: { answer: [/\b5\b|five/i], noEcho: true },
  },
  {
    voice: 'learner-es',
    say: ['What is the difference between the glycolysis and the Krebs cycle?'],
    expect: { answer: [/glycolysis/i, /krebs/i], noEcho: true },
  },
  {
    voice: 'learner-zh',
    say: ['What is due on thursday?'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'learner-zh',
    say: ['In lecture 1, RuBisCO is do what?'],
    expect: { answer: [/calvin|carbon|co2|co₂/i], noEcho: true },
  },
  {
    voice: 'learner-de',
    say: ['When must I hand in the essay?'],
    expect: { answer: [/tuesday|\b8(th)?\b|12-08/i], noEcho: true },
  },
  {
    voice: 'learner-de',
    say: ['Where does the Calvin cycle take place? Please answer from my lecture'],
    expect: { answer: [/stroma/i], noEcho: true },
  },
  {
    voice: 'learner-ar',
    say: ['What is the tasks I have for next week?'],
    expect: { answer: [/photosynthesis/i], noEcho: true },
  },
  {
    voice: 'learner-ar',
    workspace: 'week',
    say: ['Which tasks I finished already?'],
    expect: { answer: [/library books/i, /lecture slides/i], noEcho: true },
  },
  {
    voice: 'learner-ar',
    say: ['In the cellular respiration, which stage is making the most ATP?'],
    expect: { answer: [/electron transport/i], noEcho: true },
  },

  // ---------- notes ----------
  {
    voice: 'indian-english',
    say: ["Kindly make one note titled 'Viva tips' with text: speak slowly, revise diagrams"],
    expect: { note: { title: /viva tips/i, content: /speak slowly/i } },
  },
  {
    voice: 'indian-english',
    say: ['Kindly rewrite my Exam plan note as: Revise photosynthesis first, then respiration'],
    expect: { note: { title: /exam plan/i, content: /photosynthesis first/i } },
  },
  {
    voice: 'learner-es',
    say: ['Add to my note Exam plan that after I must to revise the Krebs cycle'],
    expect: { note: { title: /exam plan/i, content: /krebs/i } },
  },
  {
    voice: 'learner-zh',
    say: ["Save a note name 'Formulas', content is: speed = distance / time"],
    expect: { note: { title: /formulas/i, content: /distance/i } },
  },
  {
    voice: 'learner-zh',
    say: ['Summarize lecture 2 and save as note'],
    expect: { note: { content: /krebs|glycolysis/i } },
  },
  {
    voice: 'learner-de',
    workspace: 'week',
    say: ["Please rename the note Mitochondria to 'Mitochondria lecture 2'"],
    expect: { note: { title: /mitochondria lecture 2/i }, notesGone: [/^mitochondria$/i] },
  },
  {
    voice: 'learner-ar',
    workspace: 'week',
    say: ['Please to delete the note of Mitochondria'],
    expect: { notesGone: [/^mitochondria$/i] },
  },

  // ---------- memory ----------
  {
    voice: 'indian-english',
    say: ['Kindly remember that I am having college from 9 to 4 on weekdays'],
    expect: { memory: /college/i },
  },
  {
    voice: 'learner-es',
    say: ['Remember please that I study better in the night'],
    expect: { memory: /night/i },
  },
  {
    voice: 'learner-zh',
    workspace: 'week',
    say: ['Forget that my exam is on 15 December, it change'],
    expect: { forgotten: /15 december/i },
  },
  {
    voice: 'learner-de',
    say: ["Please don't remember anymore that I prefer short study sessions"],
    expect: { forgotten: /short study sessions/i },
  },
  {
    voice: 'learner-ar',
    say: ['Please to forget all the things you remember about me'],
    expect: { memoryCleared: true },
  },

  // ---------- study maths ----------
  {
    voice: 'indian-english',
    say: ['I got 42 out of 50 in internals, kindly tell what percentage it is'],
    expect: { answer: [/84/], noEcho: true },
  },
  {
    voice: 'learner-es',
    say: ['How many days are left until the 15 of december?'],
    expect: { answer: [/\b14\b|fourteen/i], noEcho: true },
  },
  {
    voice: 'learner-zh',
    say: ['My grade: homework 80 weight 40%, exam 70 weight 60%, final grade is how much?'],
    expect: { answer: [/\b74\b/], noEcho: true },
  },
  {
    voice: 'learner-de',
    say: ['I have to read 120 pages and I read 30 pages in one hour. How long do I need?'],
    expect: { answer: [/\b4\b|four/i], noEcho: true },
  },
  {
    voice: 'learner-ar',
    say: ['If I have 3 exams with 85, 90 and 77, what is the average of them?'],
    expect: { answer: [/\b84\b/], noEcho: true },
  },

  // ---------- undo, unsupported, chit-chat ----------
  {
    voice: 'indian-english',
    say: ['Delete the calculator task', 'Oh no, kindly undo that only'],
    expect: {},
  },
  {
    voice: 'indian-english',
    say: ['Kindly set an alarm for 6 am tomorrow itself'],
    expect: { answer: [/can(no|'|’)?t|not able|unable|don't have|do not have/i], noEcho: true },
  },
  {
    voice: 'learner-es',
    say: ['Add a task to call my mother on sunday', 'No, I did a mistake, undo it please'],
    expect: {},
  },
  {
    voice: 'learner-es',
    say: ['Can you book me a room in the library for study on friday?'],
    expect: { answer: [/can(no|'|’)?t|not able|unable|don't have|do not have/i], noEcho: true },
  },
  { voice: 'learner-zh', say: ['Mark essay as done', 'sorry wrong, undo please'], expect: {} },
  {
    voice: 'learner-zh',
    say: ['Thank you very much, you help me a lot!'],
    expect: { noEcho: true },
  },
  {
    voice: 'learner-de',
    say: ['Can you send an email to my professor that I am sick?'],
    expect: { answer: [/can(no|'|’)?t|not able|unable|don't have|do not have/i], noEcho: true },
  },
  { voice: 'learner-ar', say: ['Good morning, how are you today?'], expect: { noEcho: true } },
]
