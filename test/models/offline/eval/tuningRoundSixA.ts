/**
 * Round six of issue #51, batch A, written blind (without reading the planner or its other tables):
 * two voices, each case on the `week` workspace, Tuesday 1 December 2026, 10:00.
 *
 * - "texting and dictation": phone texting (short forms, no punctuation, typos, emoji, !!!) and
 *   speech-to-text (run-ons, um/like/so, mid-sentence corrections: "no wait", "sorry I mean",
 *   "actually make that").
 * - "questions and follow-ups": questions about tasks, notes, memories, dates, counts and sums, and
 *   conversations where a later message points back ("that one", "it", "the last one", "undo that").
 *
 * Dates: thursday = 3 Dec, friday = 4 Dec, saturday = 5 Dec, sunday = 6 Dec, monday = 7 Dec,
 * next tuesday = 8 Dec, next wednesday = 9 Dec (the week rule), "this week" ends Sun 6 Dec.
 */
import type { EvalCase, Expect } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW, SLIDES } from './heldoutNames.ts'

const one = (voice: string, say: string | readonly string[], expect: Expect): EvalCase => ({
  say: typeof say === 'string' ? [say] : say,
  expect,
  workspace: 'week',
  voice,
})

const text = (say: string, expect: Expect): EvalCase => one('texting', say, expect)
const spoken = (say: string, expect: Expect): EvalCase => one('dictation', say, expect)
const ask = (say: string, expect: Expect): EvalCase => one('questions', say, expect)
const then = (say: readonly string[], expect: Expect): EvalCase => one('follow-ups', say, expect)

const textingAndDictation: readonly EvalCase[] = [
  // Phone texting.
  text('add revise bio 4 thurs pls', {
    created: [{ title: /^revise bio(?:logy)?$/i, due: '2026-12-03' }],
  }),
  text('remind me 2 email mr patel tmrw!!!', {
    created: [{ title: /^email mr\.? patel$/i, due: '2026-12-02' }],
  }),
  text('todo: buy printer ink b4 fri', {
    created: [{ title: /^buy (?:some )?printer ink$/i, due: '2026-12-04' }],
  }),
  text('hist essay due mon 😭 add it', {
    created: [{ title: /^(?:my )?hist(?:ory)? essay$/i, due: '2026-12-07' }],
  }),
  text('mv essay 2 thurs', { updated: [{ was: ESSAY, due: '2026-12-03' }] }),
  text('essay got pushed bk to nxt wed 🙌🙌', { updated: [{ was: ESSAY, due: '2026-12-09' }] }),
  text('done w/ ch 5, tick it off', { updated: [{ was: CH5, done: true }] }),
  text('del the calc task', { deleted: [CALC] }),
  text('flashcards r super important now, make it a 5', {
    updated: [{ was: CARDS, importance: 5 }],
  }),
  text('can u put the krebs flashcards on sat', { updated: [{ was: CARDS, due: '2026-12-05' }] }),
  text('make lecture 1 review low prio', { updated: [{ was: LECT, importance: LOW }] }),
  text('rename calc task 2 buy graphing calculator', {
    updated: [{ was: CALC, title: /^buy (?:a )?graphing calculator$/i }],
  }),
  text('note 2 self locker code 2291', { memory: /locker code.*2291/i }),
  text('rmbr i hv work shifts every sat', { memory: /work shifts?.*sat/i }),
  text('forget the morning thing', { forgotten: /study best in the morning/i }),
  text('add 2 mitochondria note: atp made in matrix', {
    note: { title: /^mitochondria$/i, content: /cristae[\s\S]*atp made in (?:the )?matrix/i },
  }),
  text('save note Chem: ph = -log[H+]', {
    note: { title: /^chem$/i, content: /ph = -log\[H\+\]/i },
  }),
  text('untick library books i still hv them lol', { updated: [{ was: BOOKS, done: false }] }),
  text('add gym tmrw + laundry thurs', {
    created: [
      { title: /^(?:go to (?:the )?)?gym$/i, due: '2026-12-02' },
      { title: /^(?:do (?:the |my )?)?laundry$/i, due: '2026-12-03' },
    ],
  }),
  text('ADD STUDY 4 CHEM QUIZ FRI!!!', {
    created: [{ title: /^study for (?:the |my )?chem quiz$/i, due: '2026-12-04' }],
  }),
  text('pls remnd me to pick up my trnscript on wed', {
    created: [{ title: /^pick up (?:my )?tra?nscript$/i, due: '2026-12-02' }],
  }),
  text('essay = top priority rn', { updated: [{ was: ESSAY, importance: 5 }] }),
  text('tbh calc task can go, borrowed 1 off jess', { deleted: [CALC] }),
  text('ok bought the calculator ✅', { updated: [{ was: CALC, done: true }] }),
  text("add 'print poster' prio 4 due 10th", {
    created: [{ title: /^print (?:the |my )?poster$/i, importance: 4, due: '2026-12-10' }],
  }),
  text('wat do i hv due this wk', { answer: [/Read chapter 5/] }),
  text('lab rprt due fri worth loads, add it pls', {
    created: [{ title: /^(?:my )?lab re?po?rt$/i, due: '2026-12-04', importance: HIGH }],
  }),
  text('essay isnt rly urgent anymore, low priority pls', {
    updated: [{ was: ESSAY, importance: LOW }],
  }),
  text('clear all my done tasks pls', { deleted: [BOOKS, SLIDES] }),
  text('take the date off ch 5', { updated: [{ was: CH5, due: null }] }),
  text('add 2 essay task notes: use 3 sources min', {
    updated: [{ was: ESSAY, notes: /use 3 sources min/i }],
  }),
  text('wipe evrything u know abt me', { memoryCleared: true }),
  text('📚 read ch 6 by thurs, pls add', {
    created: [{ title: /^read (?:ch|chapter) 6$/i, due: '2026-12-03' }],
  }),
  text('renme exam plan note 2 finals plan', {
    note: { title: /^finals plan$/i, content: /revise respiration first/i },
    notesGone: [/^exam plan$/i],
  }),
  text('del mitochondria note pls', { notesGone: [/^mitochondria$/i] }),
  text('delte review lecture 1 notes', { deleted: [LECT] }),
  text('lol this week is gonna kill me 💀💀', { noEcho: true }),
  text('flashcards done!!! finally 🎉', { updated: [{ was: CARDS, done: true }] }),
  text('cn u add call mum sun', { created: [{ title: /^call mum$/i, due: '2026-12-06' }] }),

  // Speech-to-text dictation.
  spoken('um so can you add like revise the nervous system for Thursday no wait Friday', {
    created: [{ title: /^revise (?:the )?nervous system$/i, due: '2026-12-04' }],
  }),
  spoken('okay so remind me to pay my rent on the 5th sorry I mean the 7th', {
    created: [{ title: /^pay (?:my |the )?rent$/i, due: '2026-12-07' }],
  }),
  spoken('add a task to book the dentist for Monday actually make that Wednesday', {
    created: [{ title: /^book (?:the |a )?dentist(?: appointment)?$/i, due: '2026-12-02' }],
  }),
  spoken(
    'so um the essay on photosynthesis I need to move it to like the 10th because I got an extension',
    { updated: [{ was: ESSAY, due: '2026-12-10' }] },
  ),
  spoken('can you mark read chapter five as done', { updated: [{ was: CH5, done: true }] }),
  spoken(
    'okay so basically I finished the flashcards for the Krebs cycle last night so you can tick that off',
    { updated: [{ was: CARDS, done: true }] },
  ),
  spoken('remind me to um email professor Johnson about my extension tomorrow morning', {
    created: [
      {
        title: /^email (?:professor|prof) johnson about (?:my|the) extension$/i,
        due: '2026-12-02',
      },
    ],
  }),
  spoken('add buy new highlighters on Saturday uh no Sunday', {
    created: [{ title: /^buy (?:new |some )?highlighters$/i, due: '2026-12-06' }],
  }),
  spoken('get rid of the calculator task actually no just mark it done because I bought one', {
    updated: [{ was: CALC, done: true }],
  }),
  spoken(
    'the essay is like not that urgent anymore can you make it low priority and move it to Monday',
    { updated: [{ was: ESSAY, importance: LOW, due: '2026-12-07' }] },
  ),
  spoken('add a task called practice past papers due the fourteenth importance four', {
    created: [{ title: /^practice past papers$/i, due: '2026-12-14', importance: 4 }],
  }),
  spoken('remember that my lab partner is called Priya', { memory: /lab partner.*priya/i }),
  spoken(
    'um can you make a note called Osmosis that says water moves from low to high solute concentration',
    {
      note: {
        title: /^osmosis$/i,
        content: /water moves from low to high solute concentration/i,
      },
    },
  ),
  spoken('add to my exam plan note um do past papers on Sunday', {
    note: {
      title: /^exam plan$/i,
      content: /revise respiration first[\s\S]*past papers on sunday/i,
    },
  }),
  spoken(
    "I need to like finish my chemistry lab write up by Thursday and it's worth a lot so yeah add that",
    {
      created: [
        {
          title: /^finish (?:my |the )?chemistry lab write[- ]?up$/i,
          due: '2026-12-03',
          importance: HIGH,
        },
      ],
    },
  ),
  spoken('move read chapter 5 to Friday sorry I mean Saturday', {
    updated: [{ was: CH5, due: '2026-12-05' }],
  }),
  spoken(
    'hey can you add a reminder to return the lab goggles on the 9th actually make that the 11th',
    {
      created: [{ title: /^return (?:the )?lab goggles$/i, due: '2026-12-11' }],
    },
  ),
  spoken("okay so new task um revise enzymes and like it's due next Tuesday", {
    created: [{ title: /^revise enzymes$/i, due: '2026-12-08' }],
  }),
  spoken('forget the thing about my exam being on the fifteenth', {
    forgotten: /exam is on 15 December/i,
  }),
  spoken("so I actually didn't print the slides yet can you untick that", {
    updated: [{ was: SLIDES, done: false }],
  }),
  spoken('uh push the essay back two days', { updated: [{ was: ESSAY, due: '2026-12-10' }] }),
  spoken(
    'rename the flashcards task to make flashcards for glycolysis no wait for the Calvin cycle',
    {
      updated: [{ was: CARDS, title: /^make flashcards for (?:the )?calvin cycle$/i }],
    },
  ),
  spoken('add call grandma on Sunday and um buy her a birthday card on Saturday', {
    created: [
      { title: /^call grandma$/i, due: '2026-12-06' },
      { title: /^buy (?:her |grandma )?a birthday card(?: for grandma)?$/i, due: '2026-12-05' },
    ],
  }),
  spoken("um okay so yeah I don't really know what I'm doing today honestly", { noEcho: true }),
  spoken("so like what's due this week and um is the essay one of them", {
    answer: [/Read chapter 5/],
  }),
  spoken('remind me to like collect my lab results on Friday at um two no three', {
    created: [{ title: /^collect (?:my |the )?lab results$/i, due: '2026-12-04' }],
  }),
  spoken('I um need you to delete the note called mitochondria no sorry the exam plan one', {
    notesGone: [/^exam plan$/i],
  }),
  spoken('add read chapter seven by the end of the week and make it really important', {
    created: [{ title: /^read chapter (?:7|seven)$/i, due: '2026-12-06', importance: HIGH }],
  }),
]

const questionsAndFollowUps: readonly EvalCase[] = [
  // Questions about tasks, notes, memories, dates, counts and sums.
  ask('when is the essay due?', { answer: [/\b8 Dec/] }),
  ask('whats my next deadline', { answer: [/Read chapter 5/, /\b3 Dec/] }),
  ask('how many tasks do I have left?', { answer: [/\b(?:5|five)\b/i] }),
  ask('how many things have i ticked off so far', { answer: [/\b(?:2|two)\b/i] }),
  ask("what's my most important task", { answer: [/Essay on photosynthesis/] }),
  ask('is anything overdue?', { answer: [/\b(?:no|nothing|none|0)\b/i] }),
  ask('which of my tasks dont have a due date', {
    answer: [/Review lecture 1 notes/, /Make flashcards for the Krebs cycle/, /Buy a calculator/],
  }),
  ask("when's my exam again?", { answer: [/\b15 Dec/] }),
  ask('what do you remember about me', { answer: [/25 min/, /15 Dec/, /morning/i] }),
  ask("what's in my mitochondria note", { answer: [/cristae/i] }),
  ask('what notes have i got', { answer: [/Exam plan/, /Mitochondria/] }),
  ask('did I return the library books?', { answer: [/\b(?:yes|done|returned|completed)\b/i] }),
  ask('have i done the chapter 5 reading yet', { answer: [/Read chapter 5/i, /\b(?:not|no)\b/i] }),
  ask('how many days until the essay is due', { answer: [/\b(?:7|seven)\b/i] }),
  ask('how many days till my exam', { answer: [/\b14\b/] }),
  ask(
    'what do I need on the final to get 70 overall if the final is worth 40% and I have 65 so far',
    { answer: [/77\.5/] },
  ),
  ask('i need 60 to pass. final is 50% of the grade, im on 52 rn. what do i need on the final??', {
    answer: [/\b68\b/],
  }),
  ask('labs worth 25% i got 90, midterm 25% got 70, final 50% got 80 - overall?', {
    answer: [/\b80\b/],
  }),
  ask('average of 64, 71, 88 and 93', { answer: [/\b79\b/] }),
  ask("what's 12% of 350", { answer: [/\b42\b/] }),
  ask('what percentage is 27 out of 40', { answer: [/67\.5/] }),
  ask('how many hours is 6 sessions of 25 minutes', {
    answer: [/2\.5|2 h(?:ours?)? 30|150 min/i],
  }),
  ask("what's due before friday", { answer: [/Read chapter 5/] }),
  ask("what's due next week", { answer: [/Essay on photosynthesis/] }),
  ask("what's coming up", { answer: [/Read chapter 5/, /Essay on photosynthesis/] }),
  ask("what's in the exam plan note?", { answer: [/respiration/i] }),
  ask("what's due on the 8th", { answer: [/Essay on photosynthesis/] }),
  ask('how important is the essay', { answer: [/\b4\b/] }),
  ask('where does the krebs cycle happen', { answer: [/matrix/i] }),
  ask('wat does rubisco do', { answer: [/CO2/i] }),
  ask('can you do my homework for me', { noEcho: true }),
  ask('whats left on my list', {
    answer: [
      /Essay on photosynthesis/,
      /Read chapter 5/,
      /Buy a calculator/,
      /Review lecture 1 notes/,
      /Make flashcards for the Krebs cycle/,
    ],
  }),

  // Conversations where a later message points back.
  then(['whats due soonest', 'mark that one as done'], { updated: [{ was: CH5, done: true }] }),
  then(["what's my most important task?", 'move it to friday'], {
    updated: [{ was: ESSAY, due: '2026-12-04' }],
  }),
  then(['remind me to email my tutor tomorrow', 'make that high priority'], {
    created: [{ title: /^email (?:my )?tutor$/i, due: '2026-12-02', importance: HIGH }],
  }),
  then(['add buy milk tomorrow', 'undo that'], { called: ['create_task', 'undo_change'] }),
  then(['delete the calculator task', 'wait undo that'], {
    called: ['delete_task', 'undo_change'],
  }),
  then(
    ['add revise genetics on thursday and practice essay plans on friday', 'delete the second one'],
    {
      created: [{ title: /^revise genetics$/i, due: '2026-12-03' }],
    },
  ),
  then(['add go to the library on wednesday', 'actually make it thursday'], {
    created: [{ title: /^go to the library$/i, due: '2026-12-03' }],
  }),
  then(['add revise cell division friday', 'push it back a day'], {
    created: [{ title: /^revise cell division$/i, due: '2026-12-05' }],
  }),
  then(["what's coming up this week?", 'move the first one to saturday'], {
    updated: [{ was: CH5, due: '2026-12-05' }],
  }),
  then(['whats my next deadline', 'push it to next monday'], {
    updated: [{ was: CH5, due: '2026-12-07' }],
  }),
  then(['rename the essay to Photosynthesis essay', 'undo that'], {
    called: ['update_task', 'undo_change'],
  }),
  then(['remember that my tutor is Dr Okafor', 'actually forget that'], {
    called: ['write_memory'],
  }),
  then(
    [
      'save a note called Enzymes: active site binds substrate',
      'add to it: they lower activation energy',
    ],
    {
      note: {
        title: /^enzymes$/i,
        content: /active site binds substrate[\s\S]*lower activation energy/i,
      },
    },
  ),
  then(['when is read chapter 5 due', 'move it to sunday'], {
    updated: [{ was: CH5, due: '2026-12-06' }],
  }),
  then(['add call the bank tomorrow', 'add pick up dry cleaning on friday', 'undo that'], {
    created: [{ title: /^call the bank$/i, due: '2026-12-02' }],
    called: ['undo_change'],
  }),
  then(['add buy stamps tomorrow', 'also add post the parcel thursday', 'delete the first one'], {
    created: [{ title: /^post the parcel$/i, due: '2026-12-03' }],
  }),
  then(['mark the essay as done', 'no wait undo that'], { called: ['update_task', 'undo_change'] }),
  then(['add revise organic chem for thurs', "what's due thursday?"], {
    created: [{ title: /^revise organic chem(?:istry)?$/i, due: '2026-12-03' }],
    answer: [/revise organic chem/i, /Read chapter 5/],
  }),
  then(['the essay', 'move it to friday'], { updated: [{ was: ESSAY, due: '2026-12-04' }] }),
  then(['delete the mitochondria note', 'undo'], { called: ['delete_note', 'undo_change'] }),
  then(['forget the bit about my exam', 'oh no undo that i need it'], {
    called: ['forget_memory', 'undo_change'],
  }),
  then(['add a task to revise hormones on monday', 'change the title to revise plant hormones'], {
    created: [{ title: /^revise plant hormones$/i, due: '2026-12-07' }],
  }),
  then(['how important is the essay?', 'bump it to 5'], {
    updated: [{ was: ESSAY, importance: 5 }],
  }),
  then(['add study for stats quiz next wednesday', 'whats 3 sessions of 45 mins in hours'], {
    created: [{ title: /^study for (?:the |my )?stats quiz$/i, due: '2026-12-09' }],
    answer: [/2\.25|2 h(?:ours?)? 15/i],
  }),
  then(['add email the lab tech on friday', "it's really important btw"], {
    created: [{ title: /^email the lab tech$/i, due: '2026-12-04', importance: HIGH }],
  }),
  then(["when's my exam", 'remind me to book a quiet study room the day before'], {
    created: [{ title: /^book a quiet study room$/i, due: '2026-12-14' }],
  }),
  then(['add make a revision timetable tonight', 'what did i just add?'], {
    created: [{ title: /^make a revision timetable$/i, due: '2026-12-01' }],
    answer: [/revision timetable/i],
  }),
  then(
    ['what do i need on the final to get 75 if its worth 50% and im on 68', 'what about for an 80'],
    {
      answer: [/\b92\b/],
    },
  ),
  then(['remind me to print my poster on friday', 'no sorry i meant thursday'], {
    created: [{ title: /^print (?:my |the )?poster$/i, due: '2026-12-03' }],
  }),
  then(['move the essay to thursday', 'actually put it back'], { called: ['update_task'] }),
  then(['what tasks have no date', 'set the calculator one for friday'], {
    updated: [{ was: CALC, due: '2026-12-04' }],
  }),
  then(['add revise photosynthesis on friday', 'and add a note to it: focus on the calvin cycle'], {
    created: [
      { title: /^revise photosynthesis$/i, due: '2026-12-04', notes: /focus on the calvin cycle/i },
    ],
  }),
  then(["what's in my exam plan note", 'add a line to it saying past papers on sunday'], {
    note: {
      title: /^exam plan$/i,
      content: /revise respiration first[\s\S]*past papers on sunday/i,
    },
  }),
  then(['mark read chapter 5 and buy a calculator as done', 'undo the last one'], {
    updated: [{ was: CH5, done: true }],
    called: ['undo_change'],
  }),
  then(['add buy a lab coat', 'when is it due?'], {
    created: [{ title: /^buy a lab coat$/i, due: null }],
    answer: [/\b(?:no|not|none)\b/i],
  }),
]

/** Round six, batch A: texting and dictation, questions and follow-ups. */
export const ROUND_SIX_A: Readonly<Record<string, readonly EvalCase[]>> = {
  'texting and dictation': textingAndDictation,
  'questions and follow-ups': questionsAndFollowUps,
}
