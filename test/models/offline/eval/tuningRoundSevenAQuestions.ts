/**
 * Round 7, writer A (blind): questions about tasks and notes, with follow-ups.
 * Split out unchanged from the file as written (the join keeps the written order). Workspace
 * `week`, Tuesday 1 December 2026, 10:00.
 */
import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY } from './heldoutNames.ts'

const D3 = /\b3(?:rd)?\s*Dec|Dec(?:ember)?\s*3(?:rd)?\b|2026-12-03/i
const D8 = /\b8(?:th)?\s*Dec|Dec(?:ember)?\s*8(?:th)?\b|2026-12-08/i
const D15 = /\b15(?:th)?\s*Dec|Dec(?:ember)?\s*15(?:th)?\b|2026-12-15/i
const D30N = /\b30(?:th)?\s*Nov|Nov(?:ember)?\s*30(?:th)?\b|2026-11-30/i
const NONE = /\bno(?:thing)?\b|\bnone\b|all clear|you(?:'|’)?re clear|nothing/i
const N = 'tired nursing student, phone, 1am'
const R = 'returning learner, 40s, formal'

/** The cases, as written. */
export const QUESTIONS: readonly EvalCase[] = [
  // ---- plain questions about tasks ----
  {
    say: ['whats due this wk'],
    expect: { answer: [/chapter 5/i, D3] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Would you be able to list everything I have due next week, with the dates?'],
    expect: { answer: [/photosynthesis/i, D8] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['how many tasks have i got left 😩'],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['How many tasks have I completed so far?'],
    expect: { answer: [/\b2\b|\btwo\b/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['did i do the library books thing'],
    expect: { answer: [/\byes\b|already|is done|marked (?:as )?done|completed|ticked/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Is my photosynthesis essay finished, or is it still outstanding?'],
    expect: {
      answer: [
        /photosynthesis/i,
        /not (?:yet )?(?:done|finished|complete)|still (?:open|outstanding|to do|on)|outstanding|isn(?:'|’)?t|not yet/i,
      ],
    },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whats due tmrw'],
    expect: { answer: [NONE] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Which of my tasks do not have a due date yet?'],
    expect: { answer: [/lecture 1/i, /flashcards|krebs/i, /calculator/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['anything overdue?? pls say no'],
    expect: { answer: [NONE] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Could you tell me when the chapter 5 reading is due, and what day of the week that is?'],
    expect: { answer: [D3, /thu/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['How many days do I have left before the essay deadline?'],
    expect: { answer: [/\b7\b|\bseven\b/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['when was the library books one due'],
    expect: { answer: [D30N] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['I should like to know how many of my tasks are due in December.'],
    expect: { answer: [/\b2\b|\btwo\b/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['hw many things do i have due before my exam'],
    expect: { answer: [/\b2\b|\btwo\b/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Please could you summarise my week for me: what is due, and what I have already done?'],
    expect: { answer: [/chapter 5/i, /library books|lecture slides/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['how much of my list have i actually done, like as a %'],
    expect: { answer: [/28\.5|28\.6|\b29\b/] },
    workspace: 'week',
    voice: N,
  },
  // ---- questions about notes and memories ----
  {
    say: ['what did i put in my mitochondria note'],
    expect: { answer: [/powerhouse/i, /cristae/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Please remind me what I wrote in my exam plan.'],
    expect: { answer: [/respiration/i, /photosynthesis/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['do i have a note about cristae somewhere'],
    expect: { answer: [/mitochondria/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'Please could you tell me what is in my note on mitochondria? I cannot recall what I wrote.',
    ],
    expect: { answer: [/cristae/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whens my exam again'],
    expect: { answer: [D15] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['What is the difference in days between my essay deadline and my exam?'],
    expect: { answer: [/\b7\b|\bseven\b/i] },
    workspace: 'week',
    voice: R,
  },
  // ---- sums and grade maths ----
  {
    say: ['I have received 62, 71 and 58 on my three quizzes. What is my average?'],
    expect: { answer: [/63\.6[67]?|63\.7/], called: ['run_code'] },
    workspace: 'week',
    voice: R,
  },
  {
    say: [
      'My coursework counts for 60% of the module and I currently have 72 in it. The final exam is worth 40%. What mark do I need on the exam to finish with 70 overall?',
    ],
    expect: { answer: [/\b67\b/], called: ['run_code'] },
    workspace: 'week',
    voice: R,
  },
  {
    say: [
      'pharm 1 was 30% got 62, pharm 2 was 20% got 75, exam is the other 50. what do i need on the exam to scrape a 50',
    ],
    expect: { answer: [/32\.8/], called: ['run_code'] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['placement hrs so far 3 x 12.5 + 2 x 7.5 + 6, how many more to hit 150'],
    expect: { answer: [/91\.5/], called: ['run_code'] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'If I study for 25 minutes at a time with a 5-minute break after each, how many full sessions can I fit into 3 hours?',
    ],
    expect: { answer: [/\b6\b|\bsix\b/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whats 17% of 240', 'and of 310'],
    expect: { answer: [/52\.7/] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'What is the average of 71, 64 and 88?',
      'And if I score 90 on the next one, what would my average become?',
    ],
    expect: { answer: [/78\.25|78\.3/] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whens my exam', 'how many days is that from now'],
    expect: { answer: [/\b14\b|fourteen/i] },
    workspace: 'week',
    voice: N,
  },
  // ---- follow-ups that change a task ----
  {
    say: ['whats next', 'move it to friday'],
    expect: { updated: [{ was: CH5, due: '2026-12-04' }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Which task is due soonest?', 'Thank you. And the one after that?'],
    expect: { answer: [/photosynthesis/i, D8] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['anything due thurs?', 'ok tick that one off i did it on my break'],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['What is my most important task at the moment?', 'When is it due?'],
    expect: { answer: [D8] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ["what's got no date on it", 'give the calculator one thursday'],
    expect: { updated: [{ was: CALC, due: '2026-12-03' }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'Could you list my next two deadlines in order, please?',
      'Please raise the importance of the second one to 5.',
    ],
    expect: { updated: [{ was: ESSAY, importance: 5 }] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['when is the essay due', 'push it to fri the 11th'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['is the flashcard thing due anytime', 'make it sat', 'and bump it up to a 4'],
    expect: { updated: [{ was: CARDS, due: '2026-12-05', importance: 4 }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'Do I have anything due on Thursday?',
      'Please rename it to "Read chapter 5 and answer the end-of-chapter questions".',
    ],
    expect: {
      updated: [{ was: CH5, title: /^read chapter 5 and answer the end-of-chapter questions$/i }],
    },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whats the essay at importance wise', 'make it 5 its 40% of the module'],
    expect: { updated: [{ was: ESSAY, importance: 5 }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'What is on my list for next week?',
      'I would prefer to move it to Wednesday the 9th, if that is possible.',
    ],
    expect: { updated: [{ was: ESSAY, due: '2026-12-09' }] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['whats my next deadline', 'and the one after?', 'k move that one to mon'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'Have I got anything due on the 8th?',
      'Please mark it complete — I submitted it this afternoon.',
    ],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['is there a task for the krebs flashcards', 'whats its importance', 'ok set it to 3'],
    expect: { updated: [{ was: CARDS, importance: 3 }] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['what are my 2 soonest deadlines', 'whats the second ones importance'],
    expect: { answer: [/\b4\b|\bfour\b/i] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['do i still have buy a calculator on there', 'delete it, borrowed one off my flatmate'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['tick off read chapter 5', 'whats left due this week then'],
    expect: { updated: [{ was: CH5, done: true }], answer: [NONE] },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'Have I finished reading chapter 5 yet?',
      'Please mark it as done.',
      'Apologies, I was mistaken. Please undo that.',
    ],
    expect: { updated: [{ was: CH5, done: false }] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['remind me to buy compression socks by friday', 'actually delete that mum got me some'],
    expect: { created: [] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['whens chapter 5 due', 'can u add a task to do the practice qs the day after'],
    expect: {
      created: [
        {
          title:
            /^(?:do (?:the )?)?(?:chapter 5 |ch5 )?practice q(?:uestion)?s(?: for (?:chapter 5|ch5))?$/i,
          due: '2026-12-04',
        },
      ],
    },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['How many tasks have I finished?', 'Which ones were they?'],
    expect: { answer: [/library books/i, /lecture slides/i] },
    workspace: 'week',
    voice: R,
  },
  // ---- follow-ups that change a note or a memory ----
  {
    say: ['wats in the mitochondria note', 'add to it: matrix = where krebs happens'],
    expect: { note: { title: /^mitochondria$/i, content: /cristae[\s\S]*matrix/i } },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'What does my exam plan note say?',
      'Actually, I no longer need it. Please delete that note.',
    ],
    expect: { notesGone: [/^exam plan$/i] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['Do I have a note titled Exam plan?', 'Please add a line to it: Then the Krebs cycle.'],
    expect: { note: { title: /^exam plan$/i, content: /photosynthesis[\s\S]*krebs cycle/i } },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['do i have a mito note', 'rename it Cell bio - mitochondria'],
    expect: {
      note: { title: /^cell bio\s*[-–:]\s*mitochondria$/i },
      notesGone: [/^mitochondria$/i],
    },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'what did i write abt respiration in the exam plan',
      'make a new note called placement wk 2 with: bring fob watch, black shoes, ID badge',
    ],
    expect: {
      note: {
        title: /^placement (?:wk|week) 2$/i,
        content: /fob watch[\s\S]*black shoes[\s\S]*ID badge/i,
      },
    },
    workspace: 'week',
    voice: N,
  },
  {
    say: [
      'What do you currently remember about me?',
      'Please forget the one about studying in the morning; it no longer applies.',
    ],
    expect: { forgotten: /morning/i },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['do u remember how long my study sessions r', 'change that to 45 mins'],
    expect: { forgotten: /25 minutes/i, memory: /45/ },
    workspace: 'week',
    voice: N,
  },
  // ---- unclear or chit-chat ----
  {
    say: ['sorry whats that one again'],
    expect: { noEcho: true, created: [] },
    workspace: 'week',
    voice: N,
  },
  {
    say: ['Thank you, that is most helpful. I shall get on with it now.'],
    expect: { noEcho: true, created: [] },
    workspace: 'week',
    voice: R,
  },
  {
    say: ['how many tasks have i got', 'ugh'],
    expect: { noEcho: true, created: [] },
    workspace: 'week',
    voice: N,
  },
]
