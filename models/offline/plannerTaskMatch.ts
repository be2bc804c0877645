import type { PlannerTask } from './plannerTasks.ts'

// Words that say nothing about which task is meant.
const FILLER_WORDS = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'for',
  'my',
  'and',
  'on',
  'in',
  'task',
  'that',
  'about',
  'i',
])

/** The task the user's words most likely mean: exact id, then title match, then word overlap. */
export function findBestTask(
  tasks: readonly PlannerTask[],
  words: string,
): PlannerTask | undefined {
  let best: PlannerTask | undefined
  let bestScore = 0
  for (const task of tasks) {
    const score = matchScore(task, words)
    // On a tie an open task wins over a done one; otherwise the first listed wins.
    const better =
      score > bestScore || (score > 0 && score === bestScore && best?.done && !task.done)
    if (better) {
      best = task
      bestScore = score
    }
  }
  return best
}

function matchScore(task: PlannerTask, words: string): number {
  const wanted = normalise(words)
  const title = normalise(task.title)
  if (wanted === '') return 0
  if (task.id === words.trim() || task.id.toLowerCase() === wanted) return 1000
  if (title === wanted) return 900
  if (title !== '' && (title.includes(wanted) || wanted.includes(title))) {
    const [shorter, longer] = title.length < wanted.length ? [title, wanted] : [wanted, title]
    return 500 + Math.round((100 * shorter.length) / longer.length)
  }
  const wantedWords = significantWords(wanted)
  const titleWords = new Set(significantWords(title))
  const shared = wantedWords.filter((word) => titleWords.has(word)).length
  if (shared === 0 || shared * 2 < wantedWords.length) return 0
  return Math.round((100 * shared) / new Set([...wantedWords, ...titleWords]).size)
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[“”"'‘’`]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function significantWords(text: string): string[] {
  return text
    .split(' ')
    .filter((word) => word !== '' && !FILLER_WORDS.has(word))
    .map(stem)
}

// "reading" finds "Read chapter 1", "notes" finds "Lecture note": a light stem, not a dictionary.
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}
