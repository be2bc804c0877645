import type { EvalCase } from '../evalCase.ts'

/** Voices: phone texting and speech dictation; written blind on 2026-12-06 by a writer who never read the planner. */
export const HELDOUT_TEXTING: readonly EvalCase[] = [
  // ---------- adding tasks: texting ----------
  {
    voice: 'texting',
    say: ['add chem hw due thu'],
    expect: { created: [{ title: /chem (hw|homework)/i, due: '2026-12-03' }] },
  },
  {
    voice: 'texting',
    say: ['pls add study 4 physics quiz tmrw'],
    expect: { created: [{ title: /physics quiz/i, due: '2026-12-02' }] },
  },
  {
    voice: 'texting',
    say: ['remind me 2 email my tutor by fri'],
    expect: { created: [{ title: /email (my )?tutor/i, due: '2026-12-04' }] },
  },
  {
    voice: 'texting',
    say: ['b4 i forget add pick up my lab coat'],
    expect: { created: [{ title: /lab coat/i, due: null }] },
  },
  {
    voice: 'texting',
    say: ['add finish stats problem set due next fri its urgent!!!'],
    expect: { created: [{ title: /stats problem set/i, due: '2026-12-11', importance: [4, 5] }] },
  },
  {
    voice: 'texting',
    say: ['new task print poster no rush'],
    expect: { created: [{ title: /print (the |my )?poster/i, due: null, importance: [1, 2] }] },
  },
  {
    voice: 'texting',
    say: ['add revise genetics due the 15th'],
    expect: { created: [{ title: /revise genetics/i, due: '2026-12-15' }] },
  },
  {
    voice: 'texting',
    say: ['add group project meeting prep 4 mon'],
    expect: { created: [{ title: /group project/i, due: '2026-12-07' }] },
  },
  {
    voice: 'texting',
    say: ['can u add return lab goggles sat'],
    expect: { created: [{ title: /return (the )?lab goggles/i, due: '2026-12-05' }] },
  },
  {
    voice: 'texting',
    say: ['add buy printer ink by end of the wk'],
    expect: { created: [{ title: /printer ink/i, due: '2026-12-06' }] },
  },
  {
    voice: 'texting',
    say: ['add submit lab writeup by end of the month high priority'],
    expect: { created: [{ title: /lab write-?up/i, due: '2026-12-31', importance: [4, 5] }] },
  },
  {
    voice: 'texting',
    say: ['add register 4 modules 10 jan'],
    expect: { created: [{ title: /register/i, due: '2027-01-10' }] },
  },
  {
    voice: 'texting',
    say: ['add 2 things buy highlighters and call mum'],
    expect: { created: [{ title: /highlighters/i }, { title: /call (my )?mum/i }] },
  },
  {
    voice: 'texting',
    say: ['add do practice paper in a week'],
    expect: { created: [{ title: /practice paper/i, due: '2026-12-08' }] },
  },
  {
    voice: 'texting',
    say: ['add read ch 6 day after tmrw'],
    expect: { created: [{ title: /(ch|chapter)\.? ?6/i, due: '2026-12-03' }] },
  },
  {
    voice: 'texting',
    say: ['add essay outline 4 wed its important'],
    expect: { created: [{ title: /essay outline/i, due: '2026-12-02', importance: [4, 5] }] },
  },
  {
    voice: 'texting',
    say: ['add bio quiz revision', 'make it due fri'],
    expect: { created: [{ title: /bio quiz/i, due: '2026-12-04' }] },
  },
  {
    voice: 'texting',
    say: ['add call the lab tech', 'actually make it high priority'],
    expect: { created: [{ title: /lab tech/i, importance: [4, 5] }] },
  },

  // ---------- adding tasks: dictation ----------
  {
    voice: 'dictation',
    say: ['um can you add a task to uh finish my history reading by thursday'],
    expect: { created: [{ title: /history reading/i, due: '2026-12-03' }] },
  },
  {
    voice: 'dictation',
    say: [
      'so can you add that I need to like email professor jones about the lab by friday no wait make that monday',
    ],
    expect: { created: [{ title: /email (professor|prof) jones/i, due: '2026-12-07' }] },
  },
  {
    voice: 'dictation',
    say: ["add a task called revise enzymes uh it's really important due next wednesday"],
    expect: { created: [{ title: /revise enzymes/i, due: '2026-12-09', importance: [4, 5] }] },
  },
  {
    voice: 'dictation',
    say: ['okay so add um buy new notebooks actually make that buy new folders'],
    expect: { created: [{ title: /^(?!.*notebook).*folders/i, due: null }] },
  },
  {
    voice: 'dictation',
    say: ['yeah so add practice the presentation for monday week'],
    expect: { created: [{ title: /practi[cs]e (the |my )?presentation/i, due: '2026-12-14' }] },
  },
  {
    voice: 'dictation',
    say: ["um add a task uh to finish the chem lab report it's due tomorrow and it's urgent"],
    expect: { created: [{ title: /chem lab report/i, due: '2026-12-02', importance: [4, 5] }] },
  },
  {
    voice: 'dictation',
    say: [
      'so like can you add watch the recorded genetics lecture you know no due date just whenever',
    ],
    expect: { created: [{ title: /(recorded|genetics) lecture/i, due: null }] },
  },
  {
    voice: 'dictation',
    say: ['add a low priority task to clean my desk um by saturday'],
    expect: { created: [{ title: /clean (my )?desk/i, due: '2026-12-05', importance: [1, 2] }] },
  },
  {
    voice: 'dictation',
    say: ['can you put down that I need to pay the lab fee by the 15th sorry I mean the 10th'],
    expect: { created: [{ title: /pay (the )?lab fee/i, due: '2026-12-10' }] },
  },
  {
    voice: 'dictation',
    say: ["add meet the study group on thursday I think it's at the library yeah"],
    expect: { created: [{ title: /study group/i, due: '2026-12-03' }] },
  },

  // ---------- changing / ticking / deleting tasks ----------
  {
    voice: 'texting',
    say: ['mark read ch 5 as done'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'texting',
    say: ['i bought the calculator!! tick it off'],
    expect: { updated: [{ was: 'Buy a calculator', done: true }] },
  },
  {
    voice: 'texting',
    say: ['move the essay 2 thu'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-03' }] },
  },
  {
    voice: 'texting',
    say: ['delete the flashcards task'],
    expect: { deleted: ['Make flashcards for the Krebs cycle'] },
  },
  {
    voice: 'texting',
    say: ['make the krebs flashcards high priority'],
    expect: { updated: [{ was: 'Make flashcards for the Krebs cycle', importance: [4, 5] }] },
  },
  {
    voice: 'texting',
    say: ['remove the date from read chapter 5 pls'],
    expect: { updated: [{ was: 'Read chapter 5', due: null }] },
  },
  {
    voice: 'texting',
    say: ['rename buy a calculator 2 buy a graphing calculator'],
    expect: { updated: [{ was: 'Buy a calculator', title: /graphing calculator/i }] },
  },
  {
    voice: 'texting',
    say: ['add 2 the essay task notes: need 3 sources min'],
    expect: { updated: [{ was: 'Essay on photosynthesis', notes: /(3|three) sources/i }] },
  },
  {
    voice: 'texting',
    workspace: 'week',
    say: ['oops didnt actually return the library books untick it'],
    expect: { updated: [{ was: 'Return library books', done: false }] },
  },
  {
    voice: 'texting',
    say: ['whats my most important task', 'ok push it 2 next fri'],
    expect: { updated: [{ was: 'Essay on photosynthesis', due: '2026-12-11' }] },
  },
  {
    voice: 'dictation',
    say: ['um change review lecture 1 notes to uh friday'],
    expect: { updated: [{ was: 'Review lecture 1 notes', due: '2026-12-04' }] },
  },
  {
    voice: 'dictation',
    say: ['can you mark the essay as done actually no sorry I mean the chapter five reading'],
    expect: { updated: [{ was: 'Read chapter 5', done: true }] },
  },
  {
    voice: 'dictation',
    say: ["delete buy a calculator no wait don't delete it just mark it done"],
    expect: { updated: [{ was: 'Buy a calculator', done: true }] },
  },
  {
    voice: 'dictation',
    say: ['so um set the essay to like importance five'],
    expect: { updated: [{ was: 'Essay on photosynthesis', importance: 5 }] },
  },
  {
    voice: 'dictation',
    say: ["uh delete the calculator one I don't need it anymore"],
    expect: { deleted: ['Buy a calculator'] },
  },
  {
    voice: 'dictation',
    say: ['um can you move read chapter five to friday wait no sorry saturday'],
    expect: { updated: [{ was: 'Read chapter 5', due: '2026-12-05' }] },
  },

  // ---------- questions ----------
  {
    voice: 'texting',
    say: ['whats due this wk'],
    expect: { answer: [/chapter 5/i], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ["um so what's like my most important thing to do right now"],
    expect: { answer: [/essay/i], noEcho: true },
  },
  {
    voice: 'texting',
    say: ['how many tasks have i got left'],
    expect: { answer: [/\b(5|five)\b/i], noEcho: true },
  },
  {
    voice: 'texting',
    say: ["when's the essay due"],
    expect: { answer: [/(\b8(th)?\b|tuesday|12-08)/i], noEcho: true },
  },
  {
    voice: 'dictation',
    workspace: 'week',
    say: ['uh do I have anything overdue'],
    expect: { answer: [/\b(no|nothing|none|not)\b/i], noEcho: true },
  },
  {
    voice: 'texting',
    say: ['which tasks dont have a date'],
    expect: { answer: [/lecture 1/i, /flashcards/i, /calculator/i], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ['so um what does the calvin cycle like actually do'],
    expect: { answer: [/(carbon|co2|co₂|sugar|glucose|g3p)/i], noEcho: true },
  },
  {
    voice: 'texting',
    say: ['wat r thylakoids'],
    expect: { answer: [/(membrane|chloroplast|light)/i], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ["uh what's the difference between glycolysis and the krebs cycle"],
    expect: { answer: [/glycolysis/i, /krebs/i], noEcho: true },
  },
  {
    voice: 'texting',
    say: ['anything due tmrw'],
    expect: { answer: [/\b(no|nothing|none|not)\b/i], noEcho: true },
  },
  {
    voice: 'texting',
    workspace: 'week',
    say: ['whens my exam again'],
    expect: { answer: [/15/], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ['what do you um remember about me'],
    expect: { answer: [/25/], noEcho: true },
  },

  // ---------- notes ----------
  {
    voice: 'texting',
    say: ['make a note called chem formulas: pv=nrt'],
    expect: { note: { title: /chem formulas/i, content: /pv ?= ?nrt/i } },
  },
  {
    voice: 'texting',
    say: ['add 2 my exam plan note: genetics last'],
    expect: { note: { title: /exam plan/i, content: /genetics/i } },
  },
  {
    voice: 'dictation',
    say: ['um can you save a note titled essay ideas uh saying light reactions make ATP and NADPH'],
    expect: { note: { title: /essay ideas/i, content: /NADPH/i } },
  },
  {
    voice: 'texting',
    say: ['rename the exam plan note 2 finals plan'],
    expect: { note: { title: /finals plan/i } },
  },
  {
    voice: 'texting',
    workspace: 'week',
    say: ['delete my mitochondria note'],
    expect: { notesGone: [/^mitochondria$/i] },
  },
  {
    voice: 'texting',
    say: ['summarise lecture 2 into a note pls'],
    expect: { note: { content: /(glycolysis|krebs)/i } },
  },
  {
    voice: 'dictation',
    workspace: 'week',
    say: ['so in my mitochondria note add um that the matrix is where the krebs cycle happens'],
    expect: { note: { title: /mitochondria/i, content: /matrix/i } },
  },
  {
    voice: 'dictation',
    say: [
      'rewrite my exam plan note so it just says uh revise genetics first then everything else',
    ],
    expect: { note: { title: /exam plan/i, content: /genetics first/i } },
  },

  // ---------- memory ----------
  { voice: 'texting', say: ['remember i work fri nights'], expect: { memory: /work.*fri/i } },
  {
    voice: 'dictation',
    say: ["um could you remember that I'm uh I'm taking biology and chemistry this year"],
    expect: { memory: /biology and chemistry/i },
  },
  { voice: 'texting', say: ['forget the 25 min thing'], expect: { forgotten: /25 minutes/i } },
  {
    voice: 'dictation',
    workspace: 'week',
    say: ['so actually um forget that I study best in the morning'],
    expect: { forgotten: /morning/i },
  },
  {
    voice: 'texting',
    workspace: 'week',
    say: ['forget everything u know abt me'],
    expect: { memoryCleared: true },
  },

  // ---------- study maths ----------
  {
    voice: 'texting',
    say: ['got 72 on midterm worth 40% n 85 on final worth 60% whats my grade'],
    expect: { answer: [/79\.8/], noEcho: true },
  },
  {
    voice: 'texting',
    say: ['how many days til the 15th'],
    expect: { answer: [/\b14\b/], noEcho: true },
  },
  { voice: 'texting', say: ['whats 18/25 as a %'], expect: { answer: [/\b72\b/], noEcho: true } },
  {
    voice: 'dictation',
    say: ['if I read um like 30 pages an hour how long will 120 pages take'],
    expect: { answer: [/\b(4|four)\b/i], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ['uh so if my exam is on the fifteenth how many weeks is that wait no how many days'],
    expect: { answer: [/\b(14|fourteen)\b/i], noEcho: true },
  },

  // ---------- undo / unsupported / chit-chat ----------
  { voice: 'texting', say: ['add buy pens', 'undo that'], expect: { created: [] } },
  {
    voice: 'dictation',
    say: ['um delete the calculator task', 'wait no uh undo that'],
    expect: { updated: [{ was: 'Buy a calculator', done: false }] },
  },
  {
    voice: 'dictation',
    say: ['um mark the essay as done', 'uh actually undo that'],
    expect: { updated: [{ was: 'Essay on photosynthesis', done: false }] },
  },
  { voice: 'texting', say: ['thx ur the best'], expect: { noEcho: true } },
  {
    voice: 'texting',
    say: ['can u set an alarm 4 7am tmrw'],
    expect: { answer: [/(can'?t|can’t|cannot|not able|unable|don'?t|don’t)/i], noEcho: true },
  },
  {
    voice: 'dictation',
    say: ['um can you like email my professor for me asking for an extension'],
    expect: { answer: [/(can'?t|can’t|cannot|not able|unable|don'?t|don’t)/i], noEcho: true },
  },
  { voice: 'texting', say: ['hey whats up'], expect: { noEcho: true } },
  { voice: 'texting', say: ['ok cool ty'], expect: { noEcho: true } },
]
