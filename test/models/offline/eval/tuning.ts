/** The tuning set: phrasings the planner is developed against (the held-out set is in heldout.ts). Same clock and workspace. */

import type { EvalCase } from './evalCase.ts'

const HIGH = [4, 5] as const
const LOW = [1, 2] as const
const ESSAY = 'Essay on photosynthesis'
const CH5 = 'Read chapter 5'
const CALC = 'Buy a calculator'
const CARDS = 'Make flashcards for the Krebs cycle'
const LECT = 'Review lecture 1 notes'

/** The tuning phrasings. */
export const TUNING: readonly EvalCase[] = [
  // New tasks
  {
    say: ['add a task to revise chapter 4 on wednesday'],
    expect: { created: [{ title: /^revise chapter 4$/i, due: '2026-12-02' }] },
  },
  {
    say: ['remind me to call the library tomorrow, its important'],
    expect: { created: [{ title: /^call the library$/i, due: '2026-12-02', importance: HIGH }] },
  },
  {
    say: ['todo: write the lab intro by friday'],
    expect: { created: [{ title: /^write the lab intro$/i, due: '2026-12-04' }] },
  },
  {
    say: ['add "finish problem set 3" due 12 January'],
    expect: { created: [{ title: /^finish problem set 3$/i, due: '2027-01-12' }] },
  },
  {
    say: ['get a new pencil case the day after tomorrow'],
    expect: { created: [{ title: /^get a new pencil case$/i, due: '2026-12-03' }] },
  },
  {
    // Issue #40: "note to self" is something to remember, not a task.
    say: ['note to self: check the exam timetable'],
    expect: { memory: /^check the exam timetable$/i },
  },
  {
    say: ['add a task to clean my room by the end of the month'],
    expect: { created: [{ title: /^clean my room$/i, due: '2026-12-31' }] },
  },
  {
    say: ['I need to finish the reading log in a fortnight'],
    expect: { created: [{ title: /^finish the reading log$/i, due: '2026-12-15' }] },
  },
  {
    say: ['add task sort my photos, no rush'],
    expect: { created: [{ title: /^sort my photos$/i, importance: LOW }] },
  },
  {
    say: ['new task: draft the poster, priority 3'],
    expect: { created: [{ title: /^draft the poster$/i, importance: 3 }] },
  },
  {
    say: ['remnid me to revsie the notes on thrusday'],
    expect: { created: [{ title: /^revise the notes$/i, due: '2026-12-03' }] },
  },
  {
    say: ['add task text the group tmrw'],
    expect: { created: [{ title: /^text the group$/i, due: '2026-12-02' }] },
  },
  {
    say: ['Could you add a task to call home tomorrow evening, please?'],
    expect: { created: [{ title: /^call home$/i, due: '2026-12-02' }] },
  },
  {
    say: ['i must to finish the worksheet on the 12th'],
    expect: { created: [{ title: /^finish the worksheet$/i, due: '2026-12-12' }] },
  },
  {
    say: ["put 'buy stamps' on my list for sunday"],
    expect: { created: [{ title: /^buy stamps$/i, due: '2026-12-06' }] },
  },
  {
    say: ['add read the article to my todo list for tuesday'],
    expect: { created: [{ title: /^read the article$/i, due: '2026-12-08' }] },
  },
  {
    say: ['remind me to back up my laptop'],
    expect: { created: [{ title: /^back up my laptop$/i, due: null }] },
  },
  {
    say: ['remind me in 5 days to pay rent'],
    expect: { created: [{ title: /^pay rent$/i, due: '2026-12-06' }] },
  },
  {
    say: ['add task: revise the periodic table, very important, due monday'],
    expect: {
      created: [{ title: /^revise the periodic table$/i, importance: HIGH, due: '2026-12-07' }],
    },
  },
  {
    say: ['add a task to summarise chapter 2 by next wednesday'],
    expect: { created: [{ title: /^summarise chapter 2$/i, due: '2026-12-09' }] },
  },
  {
    say: ['schedule a call with my advisor on 14 December'],
    expect: { created: [{ title: /call with my advisor$/i, due: '2026-12-14' }] },
  },
  {
    say: ['add a task to buy a planner by 12/20'],
    expect: { created: [{ title: /^buy a planner$/i, due: '2026-12-20' }] },
  },
  {
    say: ['please create task for me: learn the formulas, it is urgent'],
    expect: { created: [{ title: /^learn the formulas$/i, importance: HIGH }] },
  },
  {
    say: ['task: ask for feedback, high priority, friday'],
    expect: { created: [{ title: /^ask for feedback$/i, importance: HIGH, due: '2026-12-04' }] },
  },
  {
    say: ["don't let me forget to return the keys on the 15th"],
    expect: { created: [{ title: /^return the keys$/i, due: '2026-12-15' }] },
  },
  {
    say: ['I have to submit the form in a week'],
    expect: { created: [{ title: /^submit the form$/i, due: '2026-12-08' }] },
  },
  {
    say: ['ad a tsk to practise scales tomorow'],
    expect: { created: [{ title: /^practise scales$/i, due: '2026-12-02' }] },
  },
  {
    say: ['Hi, can you remind me to phone grandma on Saturday? thank you'],
    expect: { created: [{ title: /^phone grandma$/i, due: '2026-12-05' }] },
  },
  {
    say: ['make reminder: visit the career office in 4 days'],
    expect: { created: [{ title: /^visit the career office$/i, due: '2026-12-05' }] },
  },
  {
    say: ['remind me to stretch tonight, low priority'],
    expect: { created: [{ title: /^stretch$/i, due: '2026-12-01', importance: LOW }] },
  },
  {
    say: ['add a to-do: register for classes on January 8th'],
    expect: { created: [{ title: /^register for classes$/i, due: '2027-01-08' }] },
  },
  {
    say: ['i want to review the slides on friday'],
    expect: { created: [{ title: /^review the slides$/i, due: '2026-12-04' }] },
  },
  {
    say: ['create a task called "lab report draft" for thursday'],
    expect: { created: [{ title: /^lab report draft$/i, due: '2026-12-03' }] },
  },
  {
    say: ['add a task to finish the essay outline, importance 5'],
    expect: { created: [{ title: /^finish the essay outline$/i, importance: 5 }] },
  },
  {
    say: ['remind me to revise vectors in two weeks'],
    expect: { created: [{ title: /^revise vectors$/i, due: '2026-12-15' }] },
  },
  // Several in one message
  {
    say: ['remind me to buy bread tomorrow and to revise maths on thursday'],
    expect: {
      created: [
        { title: /^buy bread$/i, due: '2026-12-02' },
        { title: /^revise maths$/i, due: '2026-12-03' },
      ],
    },
  },
  {
    say: ['add two tasks: email the tutor and book the lab'],
    expect: { created: [{ title: /^email the tutor$/i }, { title: /^book the lab$/i }] },
  },
  {
    say: ['mark the calculator as done and remind me to buy batteries on friday'],
    expect: {
      updated: [{ was: CALC, done: true }],
      created: [{ title: /^buy batteries$/i, due: '2026-12-04' }],
    },
  },
  {
    say: ['delete the flashcards task, then add a task to make flashcards for lecture 1'],
    expect: { deleted: [CARDS], created: [{ title: /^make flashcards for lecture 1$/i }] },
  },
  {
    say: ['remember that I like green tea and add a task to buy green tea'],
    expect: { memory: /like green tea/i, created: [{ title: /^buy green tea$/i }] },
  },
  {
    say: ['finished the essay. also add proofread the essay for monday'],
    expect: {
      updated: [{ was: ESSAY, done: true }],
      created: [{ title: /^proofread the essay$/i, due: '2026-12-07' }],
    },
  },
  {
    say: ['add buy rice; add buy beans'],
    expect: { created: [{ title: /^buy rice$/i }, { title: /^buy beans$/i }] },
  },
  // Changes
  { say: ['i finished reading chapter 5'], expect: { updated: [{ was: CH5, done: true }] } },
  { say: ['mark the flashcards done'], expect: { updated: [{ was: CARDS, done: true }] } },
  {
    say: ['move read chapter 5 to next wednesday'],
    expect: { updated: [{ was: CH5, due: '2026-12-09' }] },
  },
  { say: ['push the essay to thursday'], expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] } },
  {
    say: ['push read chapter 5 back three days'],
    expect: { updated: [{ was: CH5, due: '2026-12-06' }] },
  },
  { say: ['make the essay top priority'], expect: { updated: [{ was: ESSAY, importance: 5 }] } },
  { say: ['remove buy a calculator'], expect: { deleted: [CALC] } },
  {
    say: ['rename the essay to photosynthesis essay draft'],
    expect: { updated: [{ was: ESSAY, title: /^photosynthesis essay draft$/i }] },
  },
  {
    say: ['set the importance of the calculator to 1'],
    expect: { updated: [{ was: CALC, importance: 1 }] },
  },
  {
    say: ['bring read chapter 5 forward to tomorrow'],
    expect: { updated: [{ was: CH5, due: '2026-12-02' }] },
  },
  { say: ['done with the flashcards'], expect: { updated: [{ was: CARDS, done: true }] } },
  { say: ['pls delete the essay task'], expect: { deleted: [ESSAY] } },
  {
    say: ['make review lecture 1 notes low priority'],
    expect: { updated: [{ was: LECT, importance: LOW }] },
  },
  {
    say: ['add a note to the essay task: cite the textbook'],
    expect: { updated: [{ was: ESSAY, notes: /cite the textbook/i }] },
  },
  {
    say: ['move the calculator to the 12th'],
    expect: { updated: [{ was: CALC, due: '2026-12-12' }] },
  },
  { say: ['delet the flashcrads task'], expect: { deleted: [CARDS] } },
  { say: ['chapter 5 due saturday'], expect: { updated: [{ was: CH5, due: '2026-12-05' }] } },
  {
    say: ['I already reviewed the lecture 1 notes'],
    expect: { updated: [{ was: LECT, done: true }] },
  },
  // Follow-ups
  {
    say: ['remind me to call the bank tomorrow', 'make it high priority'],
    expect: { created: [{ title: /^call the bank$/i, due: '2026-12-02', importance: HIGH }] },
  },
  {
    say: ['remind me to call the bank tomorrow', 'actually make it thursday'],
    expect: { created: [{ title: /^call the bank$/i, due: '2026-12-03' }] },
  },
  { say: ['add a task to buy glue', 'delete it'], expect: { created: [] } },
  {
    say: ['remind me to buy eggs tomorrow and to wash the car on saturday', 'delete the first one'],
    expect: { created: [{ title: /^wash the car$/i, due: '2026-12-05' }] },
  },
  {
    say: ['add a task to read chapter 8 on thursday', 'push it back two days'],
    expect: { created: [{ title: /^read chapter 8$/i, due: '2026-12-05' }] },
  },
  {
    say: ['move read chapter 5 to friday', 'actually make it monday'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
  },
  {
    say: ['add task buy tape', 'rename that to buy duct tape'],
    expect: { created: [{ title: /^buy duct tape$/i }] },
  },
  {
    say: ["what's my most important task", 'move it to friday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
  },
  {
    say: ['create a task to renew my passport', 'that one is urgent'],
    expect: { created: [{ title: /^renew my passport$/i, importance: HIGH }] },
  },
  { say: ['mark the essay as done', 'wait, undo that, mark it not done'], expect: {} },
  {
    say: ['add task to learn french verbs', 'set it for monday'],
    expect: { created: [{ title: /^learn french verbs$/i, due: '2026-12-07' }] },
  },
  {
    say: ['remind me to fix my bike on friday', 'and make it important'],
    expect: { created: [{ title: /^fix my bike$/i, due: '2026-12-04', importance: HIGH }] },
  },
  {
    say: ['add a task to pack my bag', 'add a note to it: charger and notes'],
    expect: { created: [{ title: /^pack my bag$/i, notes: /charger and notes/i }] },
  },
  {
    say: ['mark the flashcards task as done', 'mark it done'],
    expect: { updated: [{ was: CARDS, done: true }] },
  },
  // Memory and notes
  { say: ['remember that I work best at night'], expect: { memory: /work best at night/i } },
  {
    say: ['please remember that my exam is on 20 January'],
    expect: { memory: /exam is on 20 January/i },
  },
  {
    say: ['forget the thing about short study sessions'],
    expect: { forgotten: /short study sessions/i },
  },
  {
    say: ['save a note called Krebs facts:\n- 2 CO2 per turn\n- makes NADH'],
    expect: { note: { title: /krebs facts/i, content: /2 CO2 per turn[\s\S]*NADH/ } },
  },
  {
    say: ['note: Light reactions\nmake ATP and NADPH\nsplit water'],
    expect: { note: { content: /ATP and NADPH[\s\S]*split water/ } },
  },
  { say: ['what do you know about me'], expect: { answer: [/25 minutes/] } },
  { say: ['read me my exam plan'], expect: { answer: [/respiration first/i] } },
  // Questions about tasks
  { say: ['what is my top priority?'], expect: { answer: [/essay on photosynthesis/i] } },
  { say: ['what do I have due this week?'], expect: { answer: [/read chapter 5/i] } },
  { say: ['list my tasks'], expect: { answer: [/flashcards/i, /calculator/i] } },
  {
    say: ['when is read chapter 5 due?'],
    expect: { answer: [/3 Dec|December 3|2026-12-03|thursday/i] },
  },
  // Notes questions
  { say: ['where does glycolysis happen?'], expect: { answer: [/cytoplasm/i] } },
  {
    say: ['what did lecture 1 say about chlorophyll?'],
    expect: { answer: [/blue and red|reflect green/i, /lecture.?1/i] },
  },
  { say: ['what is ATP?'], expect: { answer: [/energy currency/i] } },
  { say: ['where are the pigments?'], expect: { answer: [/thylakoid/i] } },
  { say: ['what does the link reaction make?'], expect: { answer: [/acetyl-CoA/i] } },
  { say: ['why does a plant need mitochondria?'], expect: { answer: [/mitochondria/i] } },
  { say: ['what is G3P'], expect: { answer: [/three-carbon sugar/i] } },
  // Summaries
  { say: ['summarize lecture 1'], expect: { answer: [/chloroplast/i, /calvin/i] } },
  { say: ['give me a summary of the reading notes'], expect: { answer: [/mirror images/i] } },
  { say: ['tl;dr lecture 2'], expect: { answer: [/glycolysis/i] } },
  // Maths
  {
    say: ['if I read 30 pages an hour how long will 210 pages take?'],
    expect: { answer: [/\b7 hours?\b|\b7\b/] },
  },
  { say: ['what is 20% of 150'], expect: { answer: [/\b30\b/] } },
  { say: ['average of 60, 70 and 80'], expect: { answer: [/\b70\b/] } },
  {
    say: ['I got 50 on a test worth 30% and 90 on one worth 70%, overall?'],
    expect: { answer: [/\b78\b/] },
  },
  { say: ['how many days until 25 December?'], expect: { answer: [/\b24\b/] } },
  { say: ['what percentage is 18 out of 24'], expect: { answer: [/75\s?%/] } },
  { say: ['12 * 12'], expect: { answer: [/144/] } },
  // A second round, in new voices
  {
    say: ['gotta finish my bio worksheet by thurs'],
    expect: { created: [{ title: /^finish my bio worksheet$/i, due: '2026-12-03' }] },
  },
  {
    say: ['Can you set a reminder for me to call the dentist on Friday morning?'],
    expect: { created: [{ title: /^call the dentist$/i, due: '2026-12-04' }] },
  },
  {
    say: ['add task - email sam about the group project - due next monday'],
    expect: { created: [{ title: /^email sam about the group project$/i, due: '2026-12-07' }] },
  },
  {
    say: ['remember to buy a new charger'],
    expect: { created: [{ title: /^buy a new charger$/i }] },
  },
  {
    say: ['need to print my CV, urgent'],
    expect: { created: [{ title: /^print my CV$/i, importance: HIGH }] },
  },
  {
    say: ["Please could you add 'revise trigonometry' for the 14th"],
    expect: { created: [{ title: /^revise trigonometry$/i, due: '2026-12-14' }] },
  },
  {
    say: ['add a reminder for the 22nd: pay phone bill'],
    expect: { created: [{ title: /^pay phone bill$/i, due: '2026-12-22' }] },
  },
  {
    say: ['tomorrow i have to return the projector'],
    expect: { created: [{ title: /^return the projector$/i, due: '2026-12-02' }] },
  },
  {
    say: ['make a todo to read the case study, low priority'],
    expect: { created: [{ title: /^read the case study$/i, importance: LOW }] },
  },
  {
    say: ['add a task to call the vet', 'make it due saturday'],
    expect: { created: [{ title: /^call the vet$/i, due: '2026-12-05' }] },
  },
  {
    say: ['remind me to book flights on friday', 'change that to sunday'],
    expect: { created: [{ title: /^book flights$/i, due: '2026-12-06' }] },
  },
  {
    say: ['add task print notes', 'mark it done'],
    expect: { created: [{ title: /^print notes$/i, done: true }] },
  },
  {
    say: ['remind me to pay rent tomorrow', 'push it back a week'],
    expect: { created: [{ title: /^pay rent$/i, due: '2026-12-09' }] },
  },
  {
    say: ['add task: water plants', 'call it water the plants'],
    expect: { created: [{ title: /^water the plants$/i }] },
  },
  { say: ["I've finished the flashcards"], expect: { updated: [{ was: CARDS, done: true }] } },
  {
    say: ['change the essay deadline to the 11th'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
  },
  {
    say: ['postpone the calculator errand to next monday'],
    expect: { updated: [{ was: CALC, due: '2026-12-07' }] },
  },
  { say: ['can you delete the lecture 1 notes task'], expect: { deleted: [LECT] } },
  { say: ['what does glycolysis produce?'], expect: { answer: [/pyruvate|2 ATP/i] } },
  { say: ['in which organelle does photosynthesis happen'], expect: { answer: [/chloroplast/i] } },
  { say: ["what's RuBP?"], expect: { answer: [/ribulose/i] } },
  { say: ['summary of lecture 2 please'], expect: { answer: [/glycolysis/i] } },
  { say: ["what's the deadline for the essay?"], expect: { answer: [/8 Dec/] } },
  { say: ['which task is most urgent'], expect: { answer: [/essay on photosynthesis/i] } },
  { say: ['how many days left until 20 December'], expect: { answer: [/\b19\b/] } },
  { say: ["what's 30 percent of 250"], expect: { answer: [/\b75\b/] } },
  { say: ['how many pages per day to read 300 pages in 10 days'], expect: { answer: [/\b30\b/] } },
  { say: ['hey can u show me my todo list'], expect: { answer: [/flashcards/i, /calculator/i] } },
  // A third round: conversations and the notes
  { say: ['show my tasks', 'delete the last one'], expect: { deleted: ['Buy a calculator'] } },
  {
    say: ['add a task to revise acids', 'also make it important'],
    expect: { created: [{ title: /^revise acids$/i, importance: HIGH }] },
  },
  {
    say: ['remind me to ring the bank on monday', 'no wait, tuesday'],
    expect: { created: [{ title: /^ring the bank$/i, due: '2026-12-08' }] },
  },
  {
    say: ['add task buy stamps', 'and add a note to it: first class'],
    expect: { created: [{ title: /^buy stamps$/i, notes: /first class/i }] },
  },
  {
    say: ['mark the essay done', 'and the calculator too'],
    expect: {
      updated: [
        { was: ESSAY, done: true },
        { was: CALC, done: true },
      ],
    },
  },
  { say: ['what is the krebs cycle also called?'], expect: { answer: [/citric acid/i] } },
  { say: ['how much ATP does respiration make overall'], expect: { answer: [/30-32 ATP/i] } },
  { say: ['what is oxidative phosphorylation'], expect: { answer: [/ATP synthase/i] } },
  {
    say: ['Where is the electron transport chain in mitochondria?'],
    expect: { answer: [/inner mitochondrial membrane|inner membrane/i] },
  },
  { say: ['give me an overview of lecture 1'], expect: { answer: [/chloroplast/i] } },
  { say: ['whats my biggest priority rn'], expect: { answer: [/essay on photosynthesis/i] } },
  { say: ['how many days till 31 December?'], expect: { answer: [/\b30\b/] } },
  {
    say: ['remind me to revise glycolysis for lecture 2 on friday'],
    expect: { created: [{ title: /^revise glycolysis for lecture 2$/i, due: '2026-12-04' }] },
  },
  {
    say: ['add "read pages 40-60" for tomorrow, high priority'],
    expect: { created: [{ title: /^read pages 40-60$/i, due: '2026-12-02', importance: HIGH }] },
  },
  // Ambiguous and unknown
  { say: ['move it to monday'], expect: { answer: [/\?/] } },
  { say: ['delete it'], expect: { answer: [/\?/] } },
  { say: ['order me a pizza'], expect: { noEcho: true } },
  { say: ['tell me a joke about cats and dogs'], expect: { noEcho: true } },
  { say: ['hi'], expect: { answer: [/task|note|help/i] } },
]
