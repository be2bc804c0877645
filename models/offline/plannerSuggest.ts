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
    available.has('create_task') && `add a task: say ${quoted('add a task to …')} with what to do`,
    available.has('list_tasks') && `see what is due: ${quoted("what's due this week?")}`,
    available.has('save_artifact') && `save a note: ${quoted('save a note called …: …')}`,
  ].filter((offer) => typeof offer === 'string')
  if (offers.length >= 2)
    return [
      "I didn't catch a request I can act on there, so I won't guess. Did you want to:",
      ...numbered(offers),
    ].join('\n')
  return `I didn't catch that. Send ${quoted('help')} to see what I can do here.`
}

/** The request a numbered answer to the "what with that" question stands for, or undefined. */
export function choiceReply(
  text: string,
  messages: readonly ChatMessage[],
  available: ReadonlySet<string>,
): string | undefined {
  const picked = /^\s*(?:number\s+|option\s+)?([1-3])\s*[.)!]?\s*$/i.exec(text)?.[1]
  if (picked === undefined) return undefined
  const users = messages.filter((m) => m.role === 'user')
  const asked = messages.findLast((m) => m.role === 'assistant' && m.content !== '')
  const named = users.at(-2)?.content
  if (asked === undefined || !asked.content.startsWith(WHAT_WITH_IT) || named === undefined)
    return undefined
  const words = stripFiller(named)
    .replace(/[?!.]+$/, '')
    .trim()
  return namedChoices(words, available)[Number(picked) - 1]?.request
}

function namedChoices(
  words: string,
  available: ReadonlySet<string>,
): { label: string; request: string }[] {
  const count = words.split(/\s+/).length
  if (words === '' || count > MAX_NAMED_WORDS || startsWithTaskVerb(words) || QUESTION.test(words))
    return []
  const thing = words.replace(/^(?:the|my|a|an)\s+/i, '')
  return [
    available.has('list_tasks') && {
      label: 'show your tasks, to pick the one you mean',
      request: 'show my tasks',
    },
    available.has('search_workspace') && {
      label: 'look it up in your notes and sources',
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
