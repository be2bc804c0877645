/**
 * The corpus the embedded planner's intent classifier is trained on: templates × paraphrases,
 * polite and terse, British and American spelling, non-native phrasings and typos. Deterministic.
 * Add a phrasing here, then run `npm run train:planner`.
 */

/** The intents the classifier tells apart (the clause parser and the skills know the rest). */
export const INTENTS = [
  'create_task',
  'list_tasks',
  'top_task',
  'ask_notes',
  'summarize',
  'remember',
  'recall_memory',
  'maths',
  'out_of_scope',
  'chat',
] as const
/** One intent. */
export type IntentName = (typeof INTENTS)[number]

const CREATE_LEADS = [
  'remind me to',
  'add a task to',
  'i need to',
  'i have to',
  'i must',
  'i gotta',
  "don't let me forget to",
  'put on my list:',
  'todo:',
  'new task:',
  'can you add',
  'please add a reminder to',
  'i should',
  'i want to',
  'make a task to',
  'set a reminder to',
  'i must to',
  'please remember me to',
  'could you remind me to',
  'add to my list:',
  'reminder:',
  'i ought to',
  'need to',
  'gotta',
  'task:',
  'pls remind me to',
  'i am needing to',
  'help me remember to',
  'i plan to',
]
const ACTIONS = [
  'buy milk',
  'email my tutor',
  'revise chapter 3',
  'finish the essay',
  'call mum',
  'book the lab',
  'print the slides',
  'submit the form',
  'read chapter 12',
  'practise past papers',
  'organise my notes',
  'pay the rent',
  'return library books',
  'water the plants',
  'check my grades',
  'study for the quiz',
  'prepare the presentation',
  'clean my desk',
  'renew my bus pass',
  'write the lab report',
  'buy a lab coat',
  'practice the piano',
  'organize the binder',
  'hand in the worksheet',
  'go to the gym',
]
const CREATE_TAILS = [
  '',
  ' tomorrow',
  ' on friday',
  ' by next week',
  ' tonight',
  ", it's important",
  ', no rush',
  ' before monday',
  ' in a fortnight',
  ' by the end of the month',
]

const LIST_ASKS = [
  'show my tasks',
  'what do i have to do',
  'list my todos',
  "what's on my list",
  'what is due this week',
  "what's on my plate",
  'anything due tomorrow',
  'my todo list',
  'what tasks do i have',
  'show me everything i have to do',
  'what have i got on',
  "what's left to do",
  'which tasks are open',
  'show my reminders',
  'whats pending',
  'what is there to do',
  'do i have homework',
  'what do i need to finish',
  'give me my list',
  'what is overdue',
]
const TOP_ASKS = [
  "what's my most important task",
  'what should i do first',
  "what's my top priority",
  'what is the most urgent thing',
  'which task matters most',
  'what should i focus on',
  "what's most pressing",
  'what is my biggest priority',
  'which one should i start with',
  'what comes first on my list',
  'what is the highest priority task',
]
const QUESTION_LEADS = [
  'what is',
  'where does',
  'why does',
  'how does',
  'what did the lecture say about',
  'explain',
  'what do my notes say about',
  'tell me about',
  'what happens in',
  'what is the role of',
  'define',
  'where is',
  'how many atp come from',
  'what makes',
  'which part of the cell holds',
  'what did lecture 2 say about',
  'what does lecture 1 say about',
  'why is',
]
const TOPICS = [
  'the krebs cycle',
  'glycolysis',
  'photosynthesis',
  'atp synthase',
  'the calvin cycle',
  'chlorophyll',
  'the electron transport chain',
  'mitochondria',
  'the light reactions',
  'fermentation',
  'rubisco',
  'the thylakoid',
  'osmosis',
  'enzymes',
  'cell division',
  'the stroma',
  'nadph',
  'carotenoids',
  'pyruvate',
  'oxygen in respiration',
]
const SUMMARY_ASKS = [
  'summarize',
  'summarise',
  'give me a summary of',
  'tl;dr',
  'recap',
  'the main points of',
  'sum up',
  'an overview of',
  'the gist of',
  'key points from',
]
const DOCUMENTS = [
  'lecture 1',
  'lecture 2',
  'the reading notes',
  'my notes',
  'chapter 3',
  'the exam plan',
  'the lecture on respiration',
  'my photosynthesis notes',
]
const REMEMBER_LEADS = [
  'remember that',
  'please remember',
  'keep in mind that',
  "don't forget that",
  'note that',
  'remember:',
  'for the record,',
  // Issue #40: "note to self" is something to remember, not a task.
  'note to self:',
  'note to self',
  'memorise that',
  'memorize that',
]
const FACTS = [
  'i study best at night',
  'my exam is on 15 january',
  'i like flashcards',
  'i work on weekends',
  'my tutor is dr smith',
  'i prefer short sessions',
  'i am dyslexic',
  'my lab partner is sam',
]
const RECALL = [
  'what do you remember about me',
  'what do you know about me',
  'what have you remembered',
  'show my memories',
  'what did i tell you',
  'what do you remember',
  'list what you remember',
  'what facts do you have about me',
]
const MATHS = [
  'how long will {a} pages take at {b} pages an hour',
  "what's {b}% of {a}",
  'average of {b}, {a} and {c}',
  'how many days until january {b}',
  'what percentage is {b} out of {a}',
  'if i read {b} pages an hour how long for {a} pages',
  'what is {a} times {b}',
  'i got {b} worth 40% and {c} worth 60%, overall?',
  'how many hours is {a} minutes',
  '{a} pages in {b} days, how many a day',
  'mean of {a} and {c}',
  'what is {a} divided by {b}',
]
const OUT_OF_SCOPE = [
  'book me a flight to paris',
  'order me a pizza',
  'play some music',
  "what's the weather",
  'tell me a joke',
  'call a taxi',
  'buy me concert tickets',
  'turn on the lights',
  "what's the news today",
  'who won the match',
  'set an alarm for 7',
  'translate this into french',
  'play lofi while i study',
  'order food for me',
  'book a table for two',
  'what time is it in tokyo',
  'send money to my friend',
  'post this on instagram',
  'find me a cheap hotel',
  'sing me a song',
]
const CHAT = [
  'hi',
  'hello',
  'hey there',
  'good morning',
  'thanks',
  'thank you so much',
  'cheers',
  'ok',
  'cool',
  'great, thanks',
  'bye',
  'see you',
  'how are you',
  'who are you',
  'help',
  'what can you do',
]
const POLITE = ['', 'please ', 'can you ', 'could you please ', 'hey, ', 'hi, could you ', 'pls ']
const ENDS = ['', '?', ' please', ' thanks', '!']

/** Every training utterance with its intent, in a fixed order. */
export function intentCorpus(): [string, IntentName][] {
  const out: [string, IntentName][] = []
  const add = (intent: IntentName, text: string): void => {
    out.push([text.replace(/\s+/g, ' ').trim(), intent])
  }
  // Every pair of two lists, with both positions (to vary the endings without a random source).
  const pairs = <A, B>(
    as: readonly A[],
    bs: readonly B[],
    each: (a: A, b: B, i: number, j: number) => void,
  ) => {
    for (const [i, a] of as.entries()) for (const [j, b] of bs.entries()) each(a, b, i, j)
  }
  const end = (i: number, j: number) => ENDS[(i + j) % ENDS.length]
  pairs(ACTIONS, CREATE_LEADS, (action, lead, i, j) => {
    if ((i + j) % 2 === 0)
      add('create_task', `${lead} ${action}${CREATE_TAILS[(i * 3 + j) % CREATE_TAILS.length]}`)
  })
  pairs(LIST_ASKS, POLITE, (ask, p, i, j) => add('list_tasks', `${p}${ask}${end(i, j)}`))
  pairs(TOP_ASKS, POLITE, (ask, p, i, j) => add('top_task', `${p}${ask}${end(i, j)}`))
  pairs(QUESTION_LEADS, TOPICS, (lead, topic, i, j) =>
    add('ask_notes', `${lead} ${topic}${(i + j) % 2 === 0 ? '?' : ''}`),
  )
  pairs(SUMMARY_ASKS, DOCUMENTS, (ask, doc, i, j) =>
    add('summarize', `${POLITE[(i + j) % POLITE.length]}${ask} ${doc}`),
  )
  pairs(REMEMBER_LEADS, FACTS, (lead, fact) => add('remember', `${lead} ${fact}`))
  pairs(RECALL, POLITE, (ask, p, i, j) => add('recall_memory', `${p}${ask}${end(i, j)}`))
  const numbers = [
    [340, 25, 72],
    [120, 6, 85],
    [210, 30, 91],
    [90, 15, 64],
    [500, 40, 77],
  ]
  pairs(MATHS, numbers, (template, [a, b, c]) =>
    add('maths', template.replace('{a}', `${a}`).replace('{b}', `${b}`).replace('{c}', `${c}`)),
  )
  pairs(OUT_OF_SCOPE, POLITE, (ask, p, i, j) => add('out_of_scope', `${p}${ask}${end(i, j)}`))
  pairs(CHAT, ENDS, (text, ending, i, j) =>
    add('chat', `${text}${(i + j) % 2 === 0 ? ending : ''}`),
  )
  // Typos: one swap of neighbouring letters in the longest word of every fifth utterance.
  const typos = out
    .filter((_, i) => i % 5 === 0)
    .map(([text, intent]): [string, IntentName] => [typo(text), intent])
  return dedupe([...out, ...typos])
}

function typo(text: string): string {
  const words = text.split(' ')
  const longest = words.reduce(
    (best, word, i) => (word.length > (words[best]?.length ?? 0) ? i : best),
    0,
  )
  const word = words[longest] ?? ''
  if (word.length < 4) return text
  const at = Math.floor(word.length / 2)
  words[longest] = `${word.slice(0, at - 1)}${word[at]}${word[at - 1]}${word.slice(at + 1)}`
  return words.join(' ')
}

function dedupe(pairs: [string, IntentName][]): [string, IntentName][] {
  const seen = new Set<string>()
  return pairs.filter(([text]) => !seen.has(text) && seen.add(text) !== undefined)
}
