/**
 * The held-out set: written before any planner change and never tuned on (see the commit history).
 * The clock is Tuesday 1 December 2026, 10:00; the workspace is `evalWorkspace()` (the Biology 101
 * sample plus “Essay on photosynthesis” due Tue 8 Dec importance 4, “Read chapter 5” due Thu 3 Dec,
 * “Buy a calculator”, and an “Exam plan” note).
 */

import type { EvalCase } from './evalCase.ts'

const HIGH = [4, 5] as const
const LOW = [1, 2] as const
const ESSAY = 'Essay on photosynthesis'
const CH5 = 'Read chapter 5'
const CALC = 'Buy a calculator'
const CARDS = 'Make flashcards for the Krebs cycle'
const LECT = 'Review lecture 1 notes'

/** The held-out phrasings. */
export const HELD_OUT: readonly EvalCase[] = [
  // New tasks: dates, importance, clauses taken out of the title
  {
    voice: 'casual',
    say: ['remind me to revise chapter 7 on thursday, it is very important'],
    expect: { created: [{ title: /^revise chapter 7$/i, due: '2026-12-03', importance: HIGH }] },
  },
  {
    voice: 'terse',
    say: ['todo: finish the maths homework by dec 10'],
    expect: { created: [{ title: /^finish the maths homework$/i, due: '2026-12-10' }] },
  },
  {
    voice: 'terse',
    say: ['add "read chapter 12" due 10 January'],
    expect: { created: [{ title: /^read chapter 12$/i, due: '2027-01-10' }] },
  },
  {
    voice: 'casual',
    say: ['buy a lab coat the day after tomorrow'],
    expect: { created: [{ title: /^buy a lab coat$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ['note to self - ask the TA about the lab report'],
    expect: { created: [{ title: /^ask the TA about the lab report$/i }] },
  },
  {
    voice: 'polite',
    say: ['Could you please add a task to finish the lab report by the end of the month?'],
    expect: { created: [{ title: /^finish the lab report$/i, due: '2026-12-31' }] },
  },
  {
    voice: 'casual',
    say: ['I need to revise osmosis in a fortnight'],
    expect: { created: [{ title: /^revise osmosis$/i, due: '2026-12-15' }] },
  },
  {
    voice: 'casual',
    say: ['add a task: pay the library fine, no rush'],
    expect: { created: [{ title: /^pay the library fine$/i, importance: LOW, due: null }] },
  },
  {
    voice: 'terse',
    say: ['new task print the poster, priority 4'],
    expect: { created: [{ title: /^print the poster$/i, importance: 4 }] },
  },
  {
    voice: 'typos',
    say: ['remnd me to studdy for the chem quiz on firday'],
    expect: { created: [{ title: /^study for the chem quiz$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'terse',
    say: ['pls add task call mum tmrw'],
    expect: { created: [{ title: /^call mum$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite',
    say: ['Would you mind adding a task to book a study room for tomorrow evening?'],
    expect: { created: [{ title: /^book a study room$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'non-native',
    say: ['i must to submit the lab report on the 10th'],
    expect: { created: [{ title: /^submit the lab report$/i, due: '2026-12-10' }] },
  },
  {
    voice: 'british',
    say: ["Put 'return library books' on my list for Saturday"],
    expect: { created: [{ title: /^return library books$/i, due: '2026-12-05' }] },
  },
  {
    voice: 'casual',
    say: ['add revise mitosis to my todo list for monday'],
    expect: { created: [{ title: /^revise mitosis$/i, due: '2026-12-07' }] },
  },
  {
    voice: 'casual',
    say: ['remind me to buy a new notebook'],
    expect: { created: [{ title: /^buy a new notebook$/i, due: null }] },
  },
  {
    voice: 'casual',
    say: ['remind me in 3 days to check my grades'],
    expect: { created: [{ title: /^check my grades$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'british',
    say: ['add task: practise past papers, very important, due friday'],
    expect: {
      created: [{ title: /^practise past papers$/i, importance: HIGH, due: '2026-12-04' }],
    },
  },
  {
    voice: 'british',
    say: ['add a task to organise my notes by next wednesday'],
    expect: { created: [{ title: /^organise my notes$/i, due: '2026-12-09' }] },
  },
  {
    voice: 'polite',
    say: ['Please schedule a meeting with my study group on 18 December.'],
    expect: { created: [{ title: /meeting with my study group$/i, due: '2026-12-18' }] },
  },
  {
    voice: 'american',
    say: ['add a task to color-code my binder by 12/15'],
    expect: { created: [{ title: /^color-code my binder$/i, due: '2026-12-15' }] },
  },
  {
    voice: 'non-native',
    say: ['please create task for me: prepare presentation about enzymes, it is urgent'],
    expect: {
      created: [{ title: /^prepare (a |the )?presentation about enzymes$/i, importance: HIGH }],
    },
  },
  {
    voice: 'terse',
    say: ['task: email prof re extension, high priority, tomorrow'],
    expect: {
      created: [{ title: /^email prof re extension$/i, importance: HIGH, due: '2026-12-02' }],
    },
  },
  {
    voice: 'casual',
    say: ["don't let me forget to renew my bus pass on the 20th"],
    expect: { created: [{ title: /^renew my bus pass$/i, due: '2026-12-20' }] },
  },
  {
    voice: 'casual',
    say: ['i have to hand in the chemistry worksheet a week from today'],
    expect: { created: [{ title: /^hand in the chemistry worksheet$/i, due: '2026-12-08' }] },
  },
  {
    voice: 'typos',
    say: ['ad a taks to revize cell division tomorow'],
    expect: { created: [{ title: /^revi[sz]e cell division$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'polite',
    say: ['Hi! Can you remind me to print my essay on Monday? Thanks'],
    expect: { created: [{ title: /^print my essay$/i, due: '2026-12-07' }] },
  },
  {
    voice: 'non-native',
    say: ['make reminder: go to library in 2 days'],
    expect: { created: [{ title: /^go to (the )?library$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ['remind me to water the plants tonight, not important'],
    expect: { created: [{ title: /^water the plants$/i, due: '2026-12-01', importance: LOW }] },
  },
  {
    voice: 'american',
    say: ['add a to-do: study for the SAT practice test on January 5th'],
    expect: { created: [{ title: /^study for the SAT practice test$/i, due: '2027-01-05' }] },
  },
  // Several requests in one message
  {
    voice: 'casual',
    say: ['remind me to revise enzymes tomorrow and to buy pens on friday'],
    expect: {
      created: [
        { title: /^revise enzymes$/i, due: '2026-12-02' },
        { title: /^buy pens$/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'terse',
    say: ['add two tasks: buy index cards and print the syllabus'],
    expect: { created: [{ title: /^buy index cards$/i }, { title: /^print the syllabus$/i }] },
  },
  {
    voice: 'casual',
    say: ['mark the essay as done and remind me to start the lab report on monday'],
    expect: {
      updated: [{ was: ESSAY, done: true }],
      created: [{ title: /^start the lab report$/i, due: '2026-12-07' }],
    },
  },
  {
    voice: 'casual',
    say: ['delete buy a calculator, then add a task to buy a graphing calculator'],
    expect: { deleted: [CALC], created: [{ title: /^buy a graphing calculator$/i }] },
  },
  {
    voice: 'casual',
    say: ['remember that I like flashcards and add a task to make flashcards for lecture 2'],
    expect: {
      memory: /like flashcards/i,
      created: [{ title: /^make flashcards for lecture 2$/i }],
    },
  },
  {
    voice: 'terse',
    say: ['done with chapter 5. also add read chapter 6 for friday'],
    expect: {
      updated: [{ was: CH5, done: true }],
      created: [{ title: /^read chapter 6$/i, due: '2026-12-04' }],
    },
  },
  // Changing what is there
  {
    voice: 'casual',
    say: ['i finished the essay'],
    expect: { updated: [{ was: ESSAY, done: true }] },
  },
  {
    voice: 'terse',
    say: ['mark buy a calculator done'],
    expect: { updated: [{ was: CALC, done: true }] },
  },
  {
    voice: 'casual',
    say: ['move the essay to next wednesday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-09' }] },
  },
  {
    voice: 'casual',
    say: ['push read chapter 5 to monday'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
  },
  {
    voice: 'casual',
    say: ['push the essay back two days'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-10' }] },
  },
  {
    voice: 'casual',
    say: ['make the flashcards task high priority'],
    expect: { updated: [{ was: CARDS, importance: HIGH }] },
  },
  { voice: 'terse', say: ['delete buy a calculator'], expect: { deleted: [CALC] } },
  {
    voice: 'casual',
    say: ['rename read chapter 5 to read chapters 5 and 6'],
    expect: { updated: [{ was: CH5, title: /^read chapters 5 and 6$/i }] },
  },
  {
    voice: 'terse',
    say: ['set importance of review lecture 1 notes to 5'],
    expect: { updated: [{ was: LECT, importance: 5 }] },
  },
  {
    voice: 'british',
    say: ['bring the essay forward to thursday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ["I'm done with chapter 5"],
    expect: { updated: [{ was: CH5, done: true }] },
  },
  { voice: 'typos', say: ['can u remove the flashcards task pls'], expect: { deleted: [CARDS] } },
  {
    voice: 'casual',
    say: ['change read chapter 5 to low priority'],
    expect: { updated: [{ was: CH5, importance: LOW }] },
  },
  {
    voice: 'non-native',
    say: ['the calculator i have bought it already'],
    expect: { updated: [{ was: CALC, done: true }] },
  },
  {
    voice: 'casual',
    say: ['add a note to the flashcards task: use the mnemonic OIL RIG'],
    expect: { updated: [{ was: CARDS, notes: /OIL RIG/ }] },
  },
  {
    voice: 'polite',
    say: ['Could you move the calculator errand to the 10th, please?'],
    expect: { updated: [{ was: CALC, due: '2026-12-10' }] },
  },
  { voice: 'typos', say: ['delte the calcualtor task'], expect: { deleted: [CALC] } },
  {
    voice: 'terse',
    say: ['essay due friday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
  },
  // The conversation: follow-ups on what was just made, shown or changed
  {
    voice: 'casual',
    say: ['remind me to email my tutor tomorrow', 'make that high priority'],
    expect: { created: [{ title: /^email my tutor$/i, due: '2026-12-02', importance: HIGH }] },
  },
  {
    voice: 'casual',
    say: ['remind me to email my tutor tomorrow', 'actually make it friday'],
    expect: { created: [{ title: /^email my tutor$/i, due: '2026-12-04' }] },
  },
  {
    voice: 'casual',
    say: ['add a task to buy graph paper', 'actually, delete that'],
    expect: { created: [] },
  },
  {
    voice: 'casual',
    say: ['remind me to buy milk tomorrow and to call the bank on friday', 'delete the second one'],
    expect: { created: [{ title: /^buy milk$/i, due: '2026-12-02' }] },
  },
  {
    voice: 'casual',
    say: ['add a task to read chapter 9 on friday', 'push it back a day'],
    expect: { created: [{ title: /^read chapter 9$/i, due: '2026-12-05' }] },
  },
  {
    voice: 'casual',
    say: ['move the essay to friday', 'actually make it next monday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
  },
  {
    voice: 'terse',
    say: ['add task buy pens', 'rename it to buy blue pens'],
    expect: { created: [{ title: /^buy blue pens$/i }] },
  },
  {
    voice: 'casual',
    say: ["what's my most important task?", 'mark it as done'],
    expect: { updated: [{ was: ESSAY, done: true }] },
  },
  {
    voice: 'casual',
    say: ['create a task to call the dentist', "it's very important"],
    expect: { created: [{ title: /^call the dentist$/i, importance: HIGH }] },
  },
  { voice: 'casual', say: ['mark read chapter 5 as done', 'oops, reopen it'], expect: {} },
  {
    voice: 'non-native',
    say: ['add task to revise genetics', 'please put it for thursday'],
    expect: { created: [{ title: /^revise genetics$/i, due: '2026-12-03' }] },
  },
  {
    voice: 'casual',
    say: ['remind me to pick up my lab results on monday', 'and make it low priority'],
    expect: {
      created: [{ title: /^pick up my lab results$/i, due: '2026-12-07', importance: LOW }],
    },
  },
  {
    voice: 'polite',
    say: [
      'Please add a task to tidy my desk.',
      'Thanks, could you add a note to it: throw away old handouts',
    ],
    expect: { created: [{ title: /^tidy my desk$/i, notes: /throw away old handouts/i }] },
  },
  {
    voice: 'casual',
    say: ['move read chapter 5 to saturday', 'hmm no, move it back to thursday'],
    expect: {},
  },
  // Memory and notes
  {
    voice: 'casual',
    say: ['remember that I have a part time job on weekends'],
    expect: { memory: /part.time job on weekends/i },
  },
  {
    voice: 'polite',
    say: ['Please remember my exam is on 15 January.'],
    expect: { memory: /exam is on 15 January/i },
  },
  {
    voice: 'casual',
    say: ['forget that I prefer short study sessions'],
    expect: { forgotten: /short study sessions/i },
  },
  {
    voice: 'casual',
    say: ['save a note called Glycolysis facts:\n- 2 ATP net\n- happens in the cytoplasm'],
    expect: { note: { title: /glycolysis facts/i, content: /2 ATP net[\s\S]*cytoplasm/ } },
  },
  {
    voice: 'terse',
    say: ['note: Krebs cycle\nacetyl-CoA + oxaloacetate -> citrate\n2 CO2 per turn'],
    expect: { note: { content: /oxaloacetate[\s\S]*2 CO2 per turn/ } },
  },
  { voice: 'casual', say: ['what do you remember about me?'], expect: { answer: [/25 minutes/] } },
  {
    voice: 'casual',
    say: ["what's in my exam plan note?"],
    expect: { answer: [/respiration first/i] },
  },
  // Questions about tasks
  {
    voice: 'casual',
    say: ["what's my most important task right now?"],
    expect: { answer: [/essay on photosynthesis/i] },
  },
  { voice: 'terse', say: ['whats due this week'], expect: { answer: [/read chapter 5/i] } },
  {
    voice: 'casual',
    say: ['anything due before friday?'],
    expect: { answer: [/read chapter 5/i] },
  },
  {
    voice: 'polite',
    say: ['Could you show me all my tasks, please?'],
    expect: { answer: [/flashcards/i, /calculator/i, /essay/i] },
  },
  {
    voice: 'casual',
    say: ['when is the essay due?'],
    expect: { answer: [/8 Dec|December 8|2026-12-08|tuesday/i] },
  },
  {
    voice: 'casual',
    say: ['do i have anything due tomorrow'],
    expect: { answer: [/nothing|no (open )?tasks|none|no task/i] },
  },
  // Questions about the notes: quote the passage, name the source
  {
    voice: 'casual',
    say: ['where does the Calvin cycle take place?'],
    expect: { answer: [/stroma/i] },
  },
  {
    voice: 'casual',
    say: ['what did lecture 2 say about glycolysis?'],
    expect: { answer: [/pyruvate|cytoplasm/i, /lecture.?2/i] },
  },
  { voice: 'terse', say: ['what does rubisco do'], expect: { answer: [/fixes CO2|RuBP/i] } },
  {
    voice: 'polite',
    say: ['What is the final electron acceptor in respiration?'],
    expect: { answer: [/oxygen/i] },
  },
  { voice: 'casual', say: ['how many ATP does glycolysis make?'], expect: { answer: [/2 ATP/i] } },
  { voice: 'casual', say: ['why do leaves look green'], expect: { answer: [/reflect green/i] } },
  {
    voice: 'non-native',
    say: ['what are the carotenoids please explain'],
    expect: { answer: [/accessory pigments/i] },
  },
  { voice: 'typos', say: ['where dose the krebs cycle hapen'], expect: { answer: [/matrix/i] } },
  {
    voice: 'casual',
    say: ['what happens when there is no oxygen?'],
    expect: { answer: [/fermentation/i] },
  },
  {
    voice: 'terse',
    say: ['overall equation for photosynthesis?'],
    expect: { answer: [/6 CO2 \+ 6 H2O/i] },
  },
  {
    voice: 'casual',
    say: ['how many times does the krebs cycle turn for one glucose'],
    expect: { answer: [/twice/i] },
  },
  {
    voice: 'casual',
    say: ['which membrane holds the pigments?'],
    expect: { answer: [/thylakoid/i] },
  },
  {
    voice: 'british',
    say: ['what do my notes say about ATP synthase?'],
    expect: { answer: [/H\+/i] },
  },
  // Summaries
  { voice: 'terse', say: ['summarize lecture 2'], expect: { answer: [/glycolysis/i, /krebs/i] } },
  {
    voice: 'british',
    say: ['summarise the reading notes'],
    expect: { answer: [/mirror images/i] },
  },
  {
    voice: 'polite',
    say: ['Could you give me the main points of lecture 1?'],
    expect: { answer: [/chloroplast/i, /calvin/i] },
  },
  // Study maths
  {
    voice: 'casual',
    say: ['if I read 25 pages an hour how long will 340 pages take me?'],
    expect: { answer: [/13\.6|13 h\w* (and )?36/i] },
  },
  {
    voice: 'terse',
    say: ['how long for 340 pages at 25 an hour'],
    expect: { answer: [/13\.6|13 h\w* (and )?36/i] },
  },
  { voice: 'terse', say: ["what's 15% of 80"], expect: { answer: [/\b12\b/] } },
  { voice: 'casual', say: ['average of 72, 85 and 91?'], expect: { answer: [/82\.67?\b/] } },
  {
    voice: 'casual',
    say: [
      "I got 68 on the midterm worth 40% and 80 on the final worth 60%, what's my overall grade?",
    ],
    expect: { answer: [/75\.2/] },
  },
  { voice: 'casual', say: ['how many days until 10 January?'], expect: { answer: [/\b40\b/] } },
  { voice: 'polite', say: ['What percentage is 42 out of 60?'], expect: { answer: [/70\s?%/] } },
  {
    voice: 'non-native',
    say: ['i need to read 120 pages in 6 days, how many pages each day?'],
    expect: { answer: [/\b20\b/] },
  },
  { voice: 'terse', say: ['17 * 23'], expect: { answer: [/391/] } },
  {
    voice: 'casual',
    say: ['if each study session is 25 minutes how many sessions is 5 hours'],
    expect: { answer: [/\b12\b/] },
  },
  // Genuinely ambiguous: one short question, nothing changed
  { voice: 'terse', say: ['move it to friday'], expect: { answer: [/\?/] } },
  { voice: 'terse', say: ['mark it done'], expect: { answer: [/\?/] } },
  { voice: 'casual', say: ['delete my task'], expect: { answer: [/which/i] } },
  // Unknown: the nearest thing it can do, never the request echoed back
  {
    voice: 'casual',
    say: ['book me a flight to Paris for the holidays'],
    expect: { noEcho: true, answer: [/task|remind/i] },
  },
  { voice: 'casual', say: ["what's the weather like today?"], expect: { noEcho: true } },
  { voice: 'casual', say: ['play some lofi music while I study'], expect: { noEcho: true } },
  { voice: 'casual', say: ['hello'], expect: { answer: [/task|note|help/i] } },
]
