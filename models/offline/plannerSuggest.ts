import { answerChoices, pickedChoice } from '../../vocabulary/answerChoices.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { stripFiller } from './plannerClauses.ts'
import { startsWithTaskVerb } from './plannerTaskVerbs.ts'
import { quoted } from './plannerText.ts'

const QUESTION =
  /^(?:what|who|why|how|when|where|which|whose|is|are|does|do|did|can|could|should|explain|tell\s+me)\b/i
const STOP = new Set(
  'a an the of to in on at for and or is are was were be do does did can could should would will what who why how when where which whose me my i you your it this that about tell explain please there s'.split(
    ' ',
  ),
)
// A thing named and nothing asked of it ("the essay", "chapter 5"): a few words, no verb first.
const MAX_NAMED_WORDS = 5
// The question that offers what to do with a thing named; its choices are answered by number.
const WHAT_WITH_IT = 'What would you like me to do with that?'
// Each choice is said as a request the planner reads, so a click (or its number) sends just that.
const DID_YOU_WANT =
  "I didn't catch a request I can act on there, so I won't guess. To add a task, say “add a task to …” with what to do. Or did you mean one of these?"

/**
 * A short answer to a request the planner cannot read: a question with concrete numbered choices,
 * never a guess and never the message echoed back as a suggestion.
 */
export function suggestFor(clause: string, available: ReadonlySet<string>): string {
  const words = stripFiller(clause)
    .replace(/[?!.]+$/, '')
    .trim()
  const terms = words
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word !== '' && !STOP.has(word))
    .slice(0, 4)
    .join(' ')
  if (QUESTION.test(words) && terms !== '' && available.has('search_workspace')) {
    return `I can't answer that myself, but I can look through your notes and sources: try ${quoted(`search ${terms}`)}.`
  }
  const choices = namedChoices(words, available)
  if (choices.length >= 2)
    return [WHAT_WITH_IT, ...numbered(choices.map((c) => c.label))].join('\n')
  const offers = [
    available.has('list_tasks') && "what's due this week?",
    available.has('list_artifacts') && 'show my notes',
    'help',
  ].filter((offer) => typeof offer === 'string')
  if (offers.length >= 2) return [DID_YOU_WANT, ...numbered(offers)].join('\n')
  return `I didn't catch that. Send ${quoted('help')} to see what I can do here.`
}

/**
 * The request a choice sent back stands for, after an answer that offered choices: its number
 * ("2") or its words (a click). What to do with a thing named comes back as the thing's request.
 */
export function choiceReply(
  text: string,
  messages: readonly ChatMessage[],
  available: ReadonlySet<string>,
  read: (said: string) => string,
): string | undefined {
  const asked = messages.findLast((m) => m.role === 'assistant' && m.content !== '')?.content
  const offered = answerChoices(asked ?? '')?.choices ?? []
  const said = text.trim().toLowerCase()
  const picked = pickedChoice(text, asked) ?? offered.find((c) => c.toLowerCase() === said)
  if (picked === undefined || !asked?.startsWith(WHAT_WITH_IT)) return picked
  // The thing named is read as it was when the question was asked.
  const named = read(messages.filter((m) => m.role === 'user').at(-2)?.content ?? '')
  const choices = namedChoices(
    stripFiller(named)
      .replace(/[?!.]+$/, '')
      .trim(),
    available,
  )
  return choices.find((c) => c.label === picked)?.request
}

// What to do with a thing named: said without the thing (never the message echoed back); the
// request each stands for names it.
function namedChoices(
  words: string,
  available: ReadonlySet<string>,
): { label: string; request: string }[] {
  const count = words.split(/\s+/).length
  if (words === '' || count > MAX_NAMED_WORDS || startsWithTaskVerb(words) || QUESTION.test(words))
    return []
  const thing = words.replace(/^(?:the|my|a|an)\s+/i, '')
  return [
    available.has('list_tasks') && { label: 'show my tasks', request: 'show my tasks' },
    available.has('search_workspace') && {
      label: 'look it up in my notes',
      request: `search ${thing}`,
    },
    available.has('create_task') && {
      label: 'add it as a new task',
      request: `add a task to ${thing}`,
    },
  ].filter((choice) => typeof choice === 'object')
}

function numbered(lines: readonly string[]): string[] {
  return lines.map((line, i) => `${i + 1}. ${line}`)
}
