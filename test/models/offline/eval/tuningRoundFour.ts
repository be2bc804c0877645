/**
 * The tuning phrasings of the planner's fourth round (issue #51): new phrasings written for this
 * round in the voices (texting and dictation, Indian and British English, polite and
 * indirect frames, several requests per message, questions and follow-ups, self-corrections,
 * spoken dates). Written from the issue's own list of miss kinds; never copied from a held-out
 * set. On the `week` workspace (see voices.ts), said on Tuesday 1 December 2026.
 */

import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW } from './heldoutNames.ts'

const week = (cases: readonly Omit<EvalCase, 'workspace'>[]): EvalCase[] =>
  cases.map((c) => ({ ...c, workspace: 'week' }))

// The answer offers no "add a task to <what was said>".
const NO_TASK_OFFER = /^(?![\s\S]*add a task to \w)/

/** Round four's tuning phrasings, by category. */
export const ROUND_FOUR: Readonly<Record<string, readonly EvalCase[]>> = {
  'frames, fillers and texting': week([
    {
      say: ['ok so basically i need to email my lab partner abt the data by wed'],
      expect: { created: [{ title: /^email my lab partner about the data$/i, due: '2026-12-02' }] },
    },
    {
      say: ['kindly add a task to submit the scholarship form by friday'],
      expect: { created: [{ title: /^submit the scholarship form$/i, due: '2026-12-04' }] },
    },
    {
      say: ['please do the needful and remind me to pay the hostel fees on monday'],
      expect: { created: [{ title: /^pay the hostel fees$/i, due: '2026-12-07' }] },
    },
    {
      say: ['can you pls pls add revise organic chem 4 sat'],
      expect: { created: [{ title: /^revise organic chem$/i, due: '2026-12-05' }] },
    },
    {
      say: ['yo add gym session tmrw'],
      expect: { created: [{ title: /^gym session$/i, due: '2026-12-02' }] },
    },
    {
      say: ['hiya, could you possibly add print my poster b4 thursday'],
      expect: { created: [{ title: /^print my poster$/i, due: '2026-12-03' }] },
    },
    {
      say: ['so um i have to like finish the stats worksheet by friday i guess'],
      expect: { created: [{ title: /^finish the stats worksheet$/i, due: '2026-12-04' }] },
    },
    {
      say: [
        'I would be grateful if you could add a reminder to collect my transcript on wednesday',
      ],
      expect: { created: [{ title: /^collect my transcript$/i, due: '2026-12-02' }] },
    },
    {
      say: ['if its not too much trouble can you remind me to return the lab keys tomorrow'],
      expect: { created: [{ title: /^return the lab keys$/i, due: '2026-12-02' }] },
    },
    {
      say: ['just wanted to ask if you can add call the accommodation office on thursday'],
      expect: { created: [{ title: /^call the accommodation office$/i, due: '2026-12-03' }] },
    },
    {
      say: ['need 2 buy graph paper b4 fri!!!'],
      expect: { created: [{ title: /^buy graph paper$/i, due: '2026-12-04' }] },
    },
    {
      say: ['remind me to revise for the chem quiz friday, its worth loads'],
      expect: {
        created: [{ title: /^revise for the chem quiz$/i, due: '2026-12-04', importance: HIGH }],
      },
    },
    {
      say: ['kindly remind me to revert back to my supervisor by tomorrow'],
      expect: {
        created: [
          { title: /^(?:revert(?: back)?|reply|get back) to my supervisor$/i, due: '2026-12-02' },
        ],
      },
    },
    {
      say: ['pls add a task: book the squash court for saturday'],
      expect: { created: [{ title: /^book the squash court$/i, due: '2026-12-05' }] },
    },
    {
      say: ['er can you add sort out my bank card on the 10th'],
      expect: { created: [{ title: /^sort out my bank card$/i, due: '2026-12-10' }] },
    },
    {
      say: [
        'hi there! would you be able to add a task to update my portfolio by the end of the week?',
      ],
      expect: { created: [{ title: /^update my portfolio$/i, due: '2026-12-06' }] },
    },
    {
      say: ["I'd like to add a task please - buy a birthday card for Sam, due saturday"],
      expect: { created: [{ title: /^buy a birthday card for sam$/i, due: '2026-12-05' }] },
    },
    {
      say: ['ok cool can u add wash my lab coat, no rush'],
      expect: { created: [{ title: /^wash my lab coat$/i, importance: LOW }] },
    },
    {
      say: ['right, put prepare my presentation slides on my list for monday week'],
      expect: { created: [{ title: /^prepare my presentation slides$/i, due: '2026-12-14' }] },
    },
    {
      say: ['so yeah i was thinking maybe u could remind me to defrost the freezer on sunday'],
      expect: { created: [{ title: /^defrost the freezer$/i, due: '2026-12-06' }] },
    },
  ]),
  'spoken dates': week([
    {
      say: ['add a task to pay my phone bill monday week'],
      expect: { created: [{ title: /^pay my phone bill$/i, due: '2026-12-14' }] },
    },
    {
      say: ['remind me to meet my tutor a week tomorrow'],
      expect: { created: [{ title: /^meet my tutor$/i, due: '2026-12-09' }] },
    },
    {
      say: ['add finish the group report by end of the week'],
      expect: { created: [{ title: /^finish the group report$/i, due: '2026-12-06' }] },
    },
    {
      say: ['remind me to book the eye test next tues'],
      expect: { created: [{ title: /^book the eye test$/i, due: '2026-12-08' }] },
    },
    {
      say: ['add print the handout tue 15th'],
      expect: { created: [{ title: /^print the handout$/i, due: '2026-12-15' }] },
    },
    {
      say: ['add renew my railcard fri 18th'],
      expect: { created: [{ title: /^renew my railcard$/i, due: '2026-12-18' }] },
    },
    {
      say: ['remind me to phone the landlord a week today'],
      expect: { created: [{ title: /^phone the landlord$/i, due: '2026-12-08' }] },
    },
    {
      say: ['remind me to send the thank you email thurs'],
      expect: { created: [{ title: /^send the thank you email$/i, due: '2026-12-03' }] },
    },
    {
      say: ['add a task to clean the fridge on weds'],
      expect: { created: [{ title: /^clean the fridge$/i, due: '2026-12-02' }] },
    },
    {
      say: ['add pay the gym fees on the 1st of january'],
      expect: { created: [{ title: /^pay the gym fees$/i, due: '2027-01-01' }] },
    },
    {
      say: ['move read chapter 5 to monday week'],
      expect: { updated: [{ was: CH5, due: '2026-12-14' }] },
    },
    {
      say: ['push the essay to the end of the week'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-06' }] },
    },
    {
      say: ['remind me to water the plants thursday week'],
      expect: { created: [{ title: /^water the plants$/i, due: '2026-12-10' }] },
    },
  ]),
  'self-corrections': week([
    {
      say: ['remind me to call the bank on monday, no wait tuesday'],
      expect: { created: [{ title: /^call the bank$/i, due: '2026-12-08' }] },
    },
    {
      say: ['add revise genetics for thursday sorry i mean friday'],
      expect: { created: [{ title: /^revise genetics$/i, due: '2026-12-04' }] },
    },
    {
      say: ['add buy shampoo tomorrow actually make that saturday'],
      expect: { created: [{ title: /^buy shampoo$/i, due: '2026-12-05' }] },
    },
    {
      say: ['remind me to email prof jones on wed, scratch that, thursday'],
      expect: { created: [{ title: /^email prof jones$/i, due: '2026-12-03' }] },
    },
    {
      say: ['move the essay to friday no wait saturday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-05' }] },
    },
    {
      say: ['add book the lab room for next monday, no sorry next tuesday'],
      expect: { created: [{ title: /^book the lab room$/i, due: '2026-12-08' }] },
    },
    {
      say: ['remind me to buy eggs no wait buy milk tomorrow'],
      expect: { created: [{ title: /^buy milk$/i, due: '2026-12-02' }] },
    },
    {
      say: ['add a task to ring the gp on friday, oh wait i mean monday'],
      expect: { created: [{ title: /^ring the gp$/i, due: '2026-12-07' }] },
    },
    {
      say: ['remind me to submit the essay draft on the 9th, actually the 10th'],
      expect: { created: [{ title: /^submit the essay draft$/i, due: '2026-12-10' }] },
    },
    {
      say: ['add go to the careers fair thursday, sorry friday'],
      expect: { created: [{ title: /^go to the careers fair$/i, due: '2026-12-04' }] },
    },
    {
      say: ['delete buy a calculator, no wait, mark it done'],
      expect: { updated: [{ was: CALC, done: true }] },
    },
    {
      say: ['set the essay to importance 2 no wait 3'],
      expect: { updated: [{ was: ESSAY, importance: 3 }] },
    },
  ]),
  'news read as a request': week([
    {
      say: ['good news, read chapter 5 got moved to friday'],
      expect: { updated: [{ was: CH5, due: '2026-12-04' }] },
    },
    {
      say: ['the essay deadline has been extended to next friday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    },
    {
      say: ['finally finished the flashcards for the krebs cycle!!'],
      expect: { updated: [{ was: CARDS, done: true }] },
    },
    {
      say: ['just bought the calculator, u can tick that off'],
      expect: { updated: [{ was: CALC, done: true }] },
    },
    {
      say: ['i dont need to review lecture 1 notes anymore, delete it'],
      expect: { deleted: [LECT] },
    },
    {
      say: ['read chapter 5 doesnt have a due date anymore, take it off'],
      expect: { updated: [{ was: CH5, due: null }] },
    },
    {
      say: ['my essay got brought forward to thursday :('],
      expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
    },
    {
      say: ['turns out i dont need a calculator, scrap that task'],
      expect: { deleted: [CALC] },
    },
    {
      say: ['handed in the essay this morning, mark it off pls'],
      expect: { updated: [{ was: ESSAY, done: true }] },
    },
    {
      say: ['prof said the essay is now due on the 14th'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-14' }] },
    },
    {
      say: ['done with read chapter 5, tick it off'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
  ]),
  'several requests': week([
    {
      say: ['add buy bread tomorrow, and remind me to call dad on sunday'],
      expect: {
        created: [
          { title: /^buy bread$/i, due: '2026-12-02' },
          { title: /^call dad$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: ['add revise stats on wed, revise physics on thurs and revise chem on fri'],
      expect: {
        created: [
          { title: /^revise stats$/i, due: '2026-12-02' },
          { title: /^revise physics$/i, due: '2026-12-03' },
          { title: /^revise chem$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['mark read chapter 5 as done and move the essay to friday'],
      expect: {
        updated: [
          { was: CH5, done: true },
          { was: ESSAY, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['delete buy a calculator and add buy a ruler'],
      expect: { deleted: [CALC], created: [{ title: /^buy a ruler$/i }] },
    },
    {
      say: ['can you add laundry sat and groceries sun pls'],
      expect: {
        created: [
          { title: /^laundry$/i, due: '2026-12-05' },
          { title: /^groceries$/i, due: '2026-12-06' },
        ],
      },
    },
    {
      say: ['kindly add 2 tasks: submit the lab book friday, and email the tutor monday'],
      expect: {
        created: [
          { title: /^submit the lab book$/i, due: '2026-12-04' },
          { title: /^email the tutor$/i, due: '2026-12-07' },
        ],
      },
    },
    {
      say: ['remind me to buy stamps tomorrow and remember that my locker is number 212'],
      expect: {
        created: [{ title: /^buy stamps$/i, due: '2026-12-02' }],
        memory: /locker is number 212/i,
      },
    },
    {
      say: ['add call the dentist tomorrow, also add pick up my glasses on friday'],
      expect: {
        created: [
          { title: /^call the dentist$/i, due: '2026-12-02' },
          { title: /^pick up my glasses$/i, due: '2026-12-04' },
        ],
      },
    },
    {
      say: ['remind me to pay rent on the 5th and to renew my library card next friday'],
      expect: {
        created: [
          { title: /^pay rent$/i, due: '2026-12-05' },
          { title: /^renew my library card$/i, due: '2026-12-11' },
        ],
      },
    },
  ]),
  'tasks and notes': week([
    {
      say: ['can u do me a summary of lecture 1 as a note'],
      expect: { note: { title: /lecture 1/i } },
    },
    {
      say: ['add to my mitochondria note that the matrix holds the krebs cycle enzymes'],
      expect: {
        note: { title: /^Mitochondria$/, content: /matrix holds the krebs cycle enzymes/i },
      },
    },
    {
      say: ['bin my mitochondria note'],
      expect: { notesGone: [/^Mitochondria$/] },
    },
    {
      say: ['rename the calculator task to buy a scientific calculator'],
      expect: { updated: [{ was: CALC, title: /^buy a scientific calculator$/i }] },
    },
    {
      say: ['delete the task review lecture 1 notes'],
      expect: { deleted: [LECT] },
    },
    {
      say: ['change my exam plan note title to Finals revision'],
      expect: { note: { title: /^Finals revision$/i }, notesGone: [/^Exam plan$/] },
    },
    {
      say: ['stick a line on the exam plan note: past papers every evening'],
      expect: { note: { title: /^Exam plan$/, content: /past papers every evening/ } },
    },
    {
      say: ['overwrite my exam plan note with: chapters 1 to 5 first'],
      expect: { note: { title: /^Exam plan$/, content: /^chapters 1 to 5 first\s*$/ } },
    },
    {
      say: ['make a new note called Enzymes: lock and key model'],
      expect: { note: { title: /^Enzymes$/, content: /lock and key model/ } },
    },
    {
      say: ['remove the mitochondria note pls'],
      expect: { notesGone: [/^Mitochondria$/] },
    },
  ]),
  'questions and follow-ups': week([
    {
      say: ['whats due this week?'],
      expect: { answer: [/Read chapter 5/, /^(?![\s\S]*Essay on photosynthesis)/] },
    },
    {
      say: ['anything due thursday?'],
      expect: { answer: [/Read chapter 5/] },
    },
    {
      say: ['how many tasks have i got left'],
      expect: { answer: [/\b5\b/] },
    },
    {
      say: ['whats my next deadline'],
      expect: { answer: [/Read chapter 5/] },
    },
    {
      say: ['what notes do i have'],
      expect: { answer: [/Exam plan/, /Mitochondria/] },
    },
    {
      say: ['what do you remember about me'],
      expect: { answer: [/15 December/, /morning/] },
    },
    {
      say: ['when is the essay due'],
      expect: { answer: [/8 Dec|December 8|Dec(?:ember)? 8|8th/i] },
    },
    {
      say: ['whats due soonest', 'mark that one as done'],
      expect: { updated: [{ was: CH5, done: true }] },
    },
    {
      say: ["what's my most important task", 'push it to friday'],
      expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    },
    {
      say: ['add buy a stapler', 'actually make that tomorrow'],
      expect: { created: [{ title: /^buy a stapler$/i, due: '2026-12-02' }] },
    },
    {
      say: ['remind me to call the library friday', 'sorry i meant saturday'],
      expect: { created: [{ title: /^call the library$/i, due: '2026-12-05' }] },
    },
    {
      say: ['whens read chapter 5 due', 'move it to monday week'],
      expect: { updated: [{ was: CH5, due: '2026-12-14' }] },
    },
    {
      say: ["what's 45 out of 60 as a percentage"],
      expect: { answer: [/\b75\b/] },
    },
    {
      say: ['i got 58 in the midterm worth 30%, what do i need in the final to get 65 overall'],
      expect: { answer: [/\b68\b/] },
    },
  ]),
  'no echo, ask back': week([
    {
      say: ['my cat is sitting on my keyboard lol'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ["tbh i'm so tired of uni rn"],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['order me a pizza'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['the calculator'],
      expect: { noEcho: true, answer: [/\?/, /\b1\b[\s\S]*\b2\b/] },
    },
    {
      say: ["what's the weather going to be like tomorrow"],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
    {
      say: ['kindly revert at the earliest'],
      expect: { noEcho: true, answer: [NO_TASK_OFFER] },
    },
  ]),
}

/** Every round-four tuning phrasing, in one list. */
export const ROUND_FOUR_ALL: readonly EvalCase[] = Object.values(ROUND_FOUR).flat()
