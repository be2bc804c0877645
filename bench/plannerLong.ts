/**
 * The embedded planner on messages of the maximum length (8,000 characters, the web app's limit)
 * and longer: hostile shapes that made a pass grow with the square of the length (issue #41,
 * findings 12 and 13). Prints the CPU time of one first turn per shape.
 *
 *   npx tsx bench/plannerLong.ts [length]
 */
import { OfflinePlanner } from '../models/offline/OfflinePlanner.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'

const length = Number(process.argv[2] ?? 8000)
const planner = new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) })
const tools = createToolRegistry().definitions()
// A follow-up (round seven cuts a reason or an apology from it) comes after an answer.
const EARLIER = [
  { role: 'user', content: "what's my next deadline" },
  { role: 'assistant', content: 'Your next deadline is “Read chapter 5”, due Thu 3 Dec 2026.' },
] as const
const turn = (content: string) =>
  planner.complete({
    messages: [
      ...(content.startsWith('FOLLOW ') ? EARLIER : []),
      { role: 'user', content: content.replace(/^FOLLOW /, '') },
    ],
    tools,
    signal: new AbortController().signal,
  })

const fill = (unit: string, lead = '') =>
  (lead + unit.repeat(Math.ceil(length / unit.length))).slice(0, length)

/** Each hostile shape, by name. */
const SHAPES: Record<string, string> = {
  'remind me … friday friday': fill('friday ', 'remind me to x by '),
  'spaces then a letter': `${' '.repeat(length - 1)}x`,
  'commas and spaces': fill(', '),
  'it is it is': fill("it's "),
  'and and': fill(' and '),
  'priority words': fill('with a very '),
  'words, no separator': fill('lorem ipsum dolor '),
  'add a task …': fill('revise chapter seven ', 'add a task to '),
  'note body': `save a note called Long: ${fill('line of text ')}`,
  'digits and dots': fill('1.2.3 '),
  quotes: fill('"\''),
  dashes: fill('- '),
  'percent numbers': fill('68 worth 40% '),
  'spaces in a request': `${fill('remind me to ', ' ').slice(0, length - 1)}x`,
  'commas and semicolons': fill(',;'),
  'a hundred requests': fill('buy milk; '),
  'one long word': 'a'.repeat(length),
  // Parse first (issue #51): corrections, news and value-words, again and again.
  'no wait, sorry i mean': fill('x on monday no wait tuesday, sorry i mean ', 'remind me to '),
  'got pushed back to': fill('the essay got pushed back to '),
  'so scrap that task': fill('i handed in the essay so scrap that task, '),
  'its worth a lot of marks': fill('its worth a lot of marks, pls add it '),
  // Round four: frames found by their shape, weak corrections, news told with its teller.
  'could you could you': fill('so i was thinking maybe u could '),
  'thursday, sorry friday': fill('thursday, sorry friday, actually ', 'add x '),
  'prof said x is now due': fill('prof said the essay is now due '),
  'x is sorted, cross it off': fill('the thing is sorted, u can cross it off '),
  'tick off x and y': fill('x and y and ', 'tick off '),
  // Round five's rephrasings: numbered items, a thing said first, "2" and "4" between words.
  '1. x 2. y 3. z': fill('1. x 2. y 3. z ', 'could you add: '),
  'x please move it': `${fill('the essay ').slice(0, length - 30)} please move it for saturday`,
  'mv x 2 fri 4 y': fill('mv essay 2 fri 4 chem ', ''),
  // Round six's shapes: a polite prelude, dictation's "like", a reason after a change, "+" lists.
  'sorry to bother you, but': fill('sorry to bother you, but ', ''),
  'like like': fill('like ', 'add '),
  'delete x, i still': fill('x, i still have it because ', 'delete '),
  'a + b + c': fill('b tmrw + ', 'add a '),
  'the fourteenth': fill('due the fourteenth importance four ', 'add x '),
  // Round seven: several sentences each read alone; a follow-up's reason cut at each clause edge.
  'x. y? z.': fill('push chapter 5 to friday. when is the essay due? ', ''),
  'follow-up, i did it, mum': `FOLLOW ${fill('tick that one off, i did it, mum got me some ', '')}`,
  'four asks of 72': Array.from({ length: 4 }, () =>
    `push the ${'very '.repeat(18)}long essay to friday`.slice(0, 72),
  ).join('. '),
  'a follow-up nothing reads': `FOLLOW ${fill('lorem ipsum, dolor i sit amet. my consectetur - ', '')}`,
  'news about a task': fill('the calculator thing is not happening any more and ', ''),
  // Round eight: a question about one task's field, a word problem's parts, a frame, a bare level.
  'is x done yet': fill('the essay on cells ', 'is ').replace(/.{9}$/, ' done yet?'),
  'marks and weights': fill('pharm was 30% got 62, ', 'what do i need on the exam to get 50 if '),
  'average after sentences': `${fill('i got 62 and 71. ').slice(0, length - 30)} What is my average?`,
  'hours so far to a goal': fill('3 x 12.5 + ', 'how many more to hit 150 after '),
  'tell me when x is': fill('my next deadline ', 'tell me when ').replace(/.{3}$/, ' is'),
  'make x a 5': fill('the essay ', 'make ').replace(/.{4}$/, ' a 5'),
  'the day after (that answer)': `FOLLOW ${fill('the day after ', 'add practice qs ')}`,
  // The most work a message can ask for: 20 requests (the most read), each a list of dated tasks.
  'twenty dated lists': Array.from({ length: 20 }, () =>
    fill('x on monday, ', 'y on friday, ', 380).replace(/^/, 'remind me to '),
  )
    .join('; ')
    .slice(0, length),
}

// Warm up: the intent model loads on the first unknown message, chrono on the first date.
for (const warm of ['hello', 'remind me to buy milk tomorrow, its important', 'xyzzy plugh'])
  await turn(warm)
const rows: string[] = []
let worst = 0
for (const [name, text] of Object.entries(SHAPES)) {
  // The median of five turns: one turn's CPU time on a shared machine is noisy.
  const cpu: number[] = []
  const walls: number[] = []
  for (let round = 0; round < 5; round += 1) {
    const started = process.cpuUsage()
    const at = performance.now()
    await turn(text)
    const used = process.cpuUsage(started)
    cpu.push((used.user + used.system) / 1000)
    walls.push(performance.now() - at)
  }
  const ms = median(cpu)
  const wall = median(walls)
  worst = Math.max(worst, ms)
  rows.push(
    `  ${name.padEnd(28)} cpu ${ms.toFixed(1).padStart(8)} ms, wall ${wall.toFixed(1).padStart(8)} ms`,
  )
}
console.log(`planner, one first turn (median of 5) of ${text(length)} characters per shape:`)
console.log(rows.join('\n'))
console.log(`  worst: ${worst.toFixed(1)} ms CPU`)

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
}

function text(n: number): string {
  return n.toLocaleString('en-GB')
}
