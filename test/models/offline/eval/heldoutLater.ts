/**
 * The held-out set, second part (split out unchanged from heldout.ts, to keep files short): the
 * conversation, notes, maths, several requests and the rest. Never tuned on.
 */

import type { EvalCase } from './evalCase.ts'
import { ESSAY, HIGH, LOW } from './heldoutNames.ts'

/** The held-out phrasings from "The conversation" on. */
export const HELD_OUT_LATER: readonly EvalCase[] = [
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
