/** Misspellings one keystroke away from a word the planner listens for ("studdy", "firday", "flashcrads"). */

const VOCABULARY = [
  'remind',
  'revise',
  'study',
  'tomorrow',
  'today',
  'tonight',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'august',
  'september',
  'october',
  'november',
  'december',
  'delete',
  'remove',
  'flashcards',
  'calculator',
  'important',
  'priority',
  'urgent',
  'summarize',
  'summarise',
  'summary',
  'lecture',
  'happen',
  'reading',
  'notes',
  'chapter',
  'essay',
  'remember',
  'forget',
  'finish',
  'finished',
  'complete',
  'schedule',
  'reschedule',
  'rename',
  'reopen',
  'homework',
  'assignment',
  'please',
  'thanks',
  'where',
  'which',
  'what',
  'when',
  'does',
  'task',
  'tasks',
  'mark',
  'done',
  'move',
  'push',
  'list',
  'show',
  'search',
  'reminder',
  'deadline',
  'krebs',
  'cycle',
  'glycolysis',
  'photosynthesis',
  'respiration',
  'mitochondria',
  'chloroplast',
  'average',
  'percent',
  'percentage',
  'pages',
]
const KNOWN = new Set(VOCABULARY)
const SUFFIXES = /(?:s|es|ed|d|ing|er|r|ly)$/
// The stems of the vocabulary's words that have an ending ("thank" of "thanks"), found once.
const STEMS = new Set(
  VOCABULARY.map((known) => known.replace(/(?:s|ed|ing)$/, '')).filter((stem) => !KNOWN.has(stem)),
)

/** The vocabulary word one edit (or one swap of neighbours) away from `word`, if exactly one is. */
export function nearWord(word: string): string | undefined {
  const lower = word.toLowerCase()
  if (lower.length < 4 || KNOWN.has(lower)) return undefined
  // "moved" and "lectures" are words of their own, not typos of "move" and "lecture".
  const base = lower.replace(SUFFIXES, '')
  if (KNOWN.has(base) || KNOWN.has(`${base}e`)) return undefined
  // Nor is the stem a word lacks an ending of: "thank" is not a typo of "thanks", "note" of "notes".
  if (STEMS.has(lower)) return undefined
  const near = VOCABULARY.filter((known) =>
    lower.length < 5 ? swapped(lower, known) : oneEdit(lower, known),
  )
  return near.length === 1 ? near[0] : undefined
}

/** `text` with each word one edit from the vocabulary replaced (its case kept). */
export function fixNearWords(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    const fixed = nearWord(word)
    if (fixed === undefined) return word
    return word[0] === word[0]?.toUpperCase() ? fixed[0]?.toUpperCase() + fixed.slice(1) : fixed
  })
}

function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]))
  const [i, j] = diff
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i]
}

// One insertion, deletion, substitution or swap of neighbours.
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false
  if (a.length === b.length) {
    const diff = [...a].filter((ch, i) => ch !== b[i]).length
    return diff === 1 || swapped(a, b)
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a]
  for (let i = 0; i < long.length; i += 1) {
    if (long.slice(0, i) + long.slice(i + 1) === short) return true
  }
  return false
}
