import type { PlannerIntent } from './PlannerIntent.ts'
import { MAX_CLAUSE, MAX_CLAUSES } from './plannerBounds.ts'
import { splitClauses, splitOnAnd, stripFiller } from './plannerClauses.ts'
import { computeProgram } from './plannerCompute.ts'
import { parseCreateShape, parseErrand } from './plannerCreateShapes.ts'
import { eitherKind } from './plannerEitherKind.ts'
import { parseForget, parseListMemory } from './plannerMemoryIntents.ts'
import { noteTitle, parseNoteEdit } from './plannerNoteEdits.ts'
import { parseNoteIntent } from './plannerNoteIntents.ts'
import { parseTaskFields } from './plannerTaskFields.ts'
import {
  parseClearDone,
  parseClearDue,
  parseTaskQuery,
  parseTaskUpdate,
} from './plannerTaskIntents.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'
import { fixTypos } from './plannerTypos.ts'

/** What the offline planner understood one clause of a user message to ask for. */
export type { PlannerIntent } from './PlannerIntent.ts'

type ClauseParser = (clause: string, today: Date) => PlannerIntent | undefined

const GREETING =
  /^(?:hi|hello|hey|hiya|yo|howdy|good\s+(?:morning|afternoon|evening))(?:\s+there)?[\s!.,]*$/i
const HELP =
  /^(?:help(?:\s+me)?|\?|what\s+can\s+you\s+do|what\s+can\s+i\s+(?:ask|say|do)|commands|how\s+does\s+this\s+work)[\s?!.]*$/i
const THANKS =
  /^(?:thanks|thank\s+you|thx|ty|cheers)(?:\s+(?:so\s+much|a\s+lot|very\s+much|kindly|again))?[\s!.,]*$/i

const DELETE_VERB = '(?:delete|remove|cancel|drop|erase|get\\s+rid\\s+of)'
const TASK_WORD = '(?:task|todo|to-do)'
const DELETE = new RegExp(
  `^${DELETE_VERB}\\s+(?:the\\s+|my\\s+|a\\s+|this\\s+)?${TASK_WORD}\\b(?:\\s+(?:called|named|titled|with\\s+id|id))?\\s*[:#-]?\\s*(.+)$`,
  'i',
)
const DELETE_SUFFIX = new RegExp(
  `^${DELETE_VERB}\\s+(?:the\\s+|my\\s+)?(.+?)\\s+(?:${TASK_WORD}|from\\s+(?:my\\s+)?(?:tasks|task\\s+list|to-?dos?|list))$`,
  'i',
)
const ARTIFACT =
  /^(?:save|create|make|write|add|store|keep)\s+(?:a\s+|an\s+|the\s+|this\s+|my\s+)?(?:new\s+)?(?:note|artifact|document|doc|page)\b\s*(?:(?:called|named|titled|as)\b)?\s*(.+?)\s*:\s*(.+)$/i
const MEMORY = [
  /^(?:note\s+to\s+(?:self|myself)|nts|memo\s+to\s+self)\b\s*[:,\-–—]?\s*(.+)$/i,
  /^(?:keep|bear)\s+in\s+mind\s*[:,-]?\s*(?:that\s+)?(.+)$/i,
  /^(?:for\s+the\s+record|fyi|just\s+so\s+you\s+know)\s*[:,-]?\s*(?:that\s+)?(.+)$/i,
  /^(?:remember|memori[sz]e|note|keep\s+in\s+mind|don'?t\s+forget|never\s+forget)\s+that\s+(.+)$/i,
  /^(?:remember|memori[sz]e)\s*:\s*(.+)$/i,
  /^(?:remember|memori[sz]e)\s+(?!to\b|me\b|that\b)(.+)$/i,
]
const READ =
  /^(?:read|open|show(?:\s+me)?|display|view|cat|print|what(?:'s|\s+is)\s+in)\s+(?:me\s+)?(?:the\s+)?(?:(?:file|source|document)\s+)?(?:(?:called|named)\s+)?(?:["“'`]([^"”'`]+)["”'`]|(\S+))$/i
const LIST = [
  /^(?:(?:what\s+are|what's|whats|what\s+is|which\s+are|show|list|see|view|display|give|get|check|find|tell|read|print)\s+(?:me\s+)?)?(?:all\s+)?(?:of\s+)?(?:my|the|our|all)?\s*(?:open\s+|current\s+|remaining\s+|pending\s+|outstanding\s+)?(?:tasks?|task\s+list|to-?dos?|to-?do\s+list)(?:\s+(?:please|now|again|for\s+me|today|list))?$/i,
  /^(?:what\s+(?:do|should)\s+i\s+(?:have\s+to\s+|need\s+to\s+)?do|what(?:'s|\s+is)\s+(?:due|on\s+my\s+(?:list|plate)|(?:still\s+)?(?:left|remaining|outstanding|pending)(?:\s+(?:to\s+do|on\s+my\s+(?:list|plate)|for\s+me))?$)|what\s+have\s+i\s+got\s+(?:left\s+)?to\s+do|do\s+i\s+have\s+(?:any\s+)?tasks)\b/i,
]
const LIST_LOOSE = /\b(?:my|open|all)\s+(?:tasks|to-?dos|task\s+list)\b/i
const SEARCH = [
  /^(?:search|look\s+up|lookup|look\s+for|find|grep)\s+(?:for\s+|about\s+)?(?:(?:in\s+)?(?:my|the)\s+(?:workspace|notes|sources|files|notebook|materials)\s+(?:for|about)\s+)?(.+)$/i,
  /^what\s+(?:do|does)\s+(?:my|the)\s+(?:notes|sources|workspace|files|materials)\s+say\s+(?:about|on)\s+(.+)$/i,
  /^(?:do\s+i\s+have\s+)?anything\s+(?:about|on)\s+(.+)$/i,
]
const CREATE = [
  /^(?:add|ad|create|make|new|set\s+up|schedule)\s+(?:me\s+)?(?:a\s+|an\s+|the\s+|one\s+)?(?:new\s+)?(?:task|todo|to-do|reminder)\b\s*(?:(?:to|called|named|titled|for|about)\b)?\s*[:-]?\s*(.*)$/i,
  /^(?:remind\s+me\s+(?:to|about)|i\s+(?:really\s+)?(?:need|have|got)\s+to|i\s+must|i\s+should|i'?ve\s+got\s+to|i\s+gotta|remember\s+to|don'?t\s+forget\s+to|do\s+not\s+forget\s+to|task\s*:)\s*(.+)$/i,
]
const CREATE_INTO =
  /^(?:add|put)\s+(.+?)\s+(?:to|on|in|into)\s+(?:my\s+|the\s+)?(?:tasks|task\s+list|to-?do\s+list|to-?dos?|list)\b(.*)$/i

// "run: <code>" takes the whole message, so semicolons and newlines in the code split nothing.
// "run with lecture-2.md, notes.md: <code>" passes those sources in as `inputs`.
const RUN =
  /^\s*(?:please\s+)?run(?:\s+(?:this|the\s+code|code|js|javascript))?(?:\s+(?:with|on|using|reading)\s+([^:\n]+?))?\s*:\s*([\s\S]*\S)\s*$/i
const FENCE = /^```[a-z]*\s*\n([\s\S]*?)\n?\s*```$/i
const COMPUTE = /^(?:compute|calculate|calc|work\s+out|evaluate|figure\s+out)\s+(.+)$/i
const QUESTION = /^(?:what(?:'s|\s+is|\s+are)|how\s+much\s+is)\s+(.+)$/i

const PARSERS: readonly ClauseParser[] = [
  parseCompute,
  parseListMemory,
  parseForget,
  parseMemory,
  parseNoteEdit,
  parseNoteIntent,
  parseClearDone,
  parseClearDue,
  parseDelete,
  parseTaskNote,
  parseArtifact,
  parseCreateShape,
  parseTaskQuery,
  parseTaskUpdate,
  parseRead,
  (clause) => (LIST.some((pattern) => pattern.test(clause)) ? { kind: 'list_tasks' } : undefined),
  parseSearch,
  parseCreate,
  (clause) => (LIST_LOOSE.test(clause) ? { kind: 'list_tasks' } : undefined),
  parseBareAdd,
  parseErrand,
  parseLooseDelete,
]

/** Reads a user message as one intent per clause; clauses it cannot read become `unknown`. */
export function parseIntents(text: string, today: Date): PlannerIntent[] {
  const run = RUN.exec(text)
  if (run?.[2] !== undefined) {
    const code = FENCE.exec(run[2])?.[1] ?? run[2]
    const inputs = (run[1] ?? '')
      .split(/\s*,\s*|\s+and\s+/)
      .map((name) => cleanPhrase(name))
      .filter((name) => name !== '')
    return [{ kind: 'run_code', code, ...(inputs.length > 0 && { inputs }) }]
  }
  const block = parseNoteBlock(text) ?? noteEditBlock(text)
  if (block !== undefined) return [block]
  const clauses = splitClauses(fixTypos(text))
  if (clauses.length > MAX_CLAUSES) return [{ kind: 'too_many', count: clauses.length }]
  return pointBack(clauses.flatMap((clause) => parseClauses(clause, today)))
}

const IT =
  /^(?:it|that|this|this\s+one|that\s+one|the\s+same(?:\s+one)?)(?:\s+(?:in|to|as|at|on))?$/i

// "move X to monday, make it important and rename it to Y": "it" is the task named just before.
// A change to "it" right after a task made in the same message is part of making it ("add X
// for friday and make it high priority"): the task does not exist yet to be changed.
function pointBack(intents: PlannerIntent[]): PlannerIntent[] {
  let last: string | undefined
  const out: PlannerIntent[] = []
  for (const intent of intents) {
    const made = out.at(-1)
    if (intent.kind === 'update_task' && IT.test(intent.target) && made?.kind === 'create_task') {
      const { due, importance, title } = intent.changes
      if (shiftless(intent.changes)) {
        out[out.length - 1] = {
          ...made,
          ...(typeof due === 'string' && { due }),
          ...(importance !== undefined && { importance }),
          ...(title !== undefined && { title }),
        }
        continue
      }
    }
    if (intent.kind === 'update_task' || intent.kind === 'delete_task') {
      if (IT.test(intent.target) && last !== undefined) {
        out.push({ ...intent, target: last })
        continue
      }
      if (intent.target !== '') last = intent.target
    } else if (intent.kind === 'create_task') last = intent.title
    out.push(intent)
  }
  return out
}

// Fields a new task can take as it is made: a day, an importance, a title.
function shiftless(changes: object): boolean {
  const keys = Object.keys(changes)
  return keys.length > 0 && keys.every((key) => ['due', 'importance', 'title'].includes(key))
}

// A note of several lines is one request: its lines are its body, never clauses of their own.
const NOTE_CALLED =
  /^\s*(?:(?:please|pls|plz|kindly|hey|hi|ok(?:ay)?|so|can\s+you|could\s+you|would\s+you|will\s+you)[\s,!]+)*(?:to\s+)?(?:save|write|create|make|add|keep|store|start|new|take)\s+(?:me\s+)?(?:(?:this|it|that)\s+as\s+)?(?:a\s+|an\s+|this\s+|the\s+)?(?:new\s+)?note\s+(?!to\b|on\b|for\s+(?:the|my)\b|about\s+(?:the|my)\b.*\btask\b)(?:(?:called|named|titled|as|with\s+(?:the\s+)?(?:name|title))\s+)?([^:\n]+?)(?:,?\s+and\s+(?:the\s+)?(?:text|content|body|it\s+says|says?)|\s+(?:with|saying|that\s+says|which\s+says))?\s*(?::|\n)\s*([\s\S]+)$/i
// "jot this down under Enzymes: …", "write down in a note called Key dates: …".
const NOTE_UNDER =
  /^\s*(?:(?:please|pls|plz|kindly|hey|hi|ok(?:ay)?|so|can\s+you|could\s+you|would\s+you|will\s+you)[\s,!]+)*(?:to\s+)?(?:jot|write|note|put|get|take)\s+(?:this\s+|that\s+|it\s+)?down\s+(?:under|in|as|into|on)\s+(?:a\s+|my\s+|the\s+)?(?:new\s+)?(?:note\s+)?(?:(?:called|named|titled)\s+)?([^:\n]+?)(?:\s+note)?\s*(?::|\s[-–—]\s|\n)\s*([\s\S]+)$/i
const NOTE_LINES =
  /^\s*(?:note|new\s+note|save\s+(?:a\s+|this\s+)?note|write\s+(?:a\s+)?note|title|note\s+title|heading)\s*:\s*([^\n]+)\n([\s\S]+)$/i

// "make a note: the exam is in hall B": a note of one line, titled by its first words.
const NOTE_UNTITLED =
  /^\s*(?:(?:please|pls|can\s+you|could\s+you)[\s,]+)?(?:make|save|take|write|add|jot)\s+(?:down\s+)?(?:me\s+)?(?:a\s+|this\s+as\s+a\s+)?(?:quick\s+|new\s+|short\s+)?note\s*:\s*([^\n]+)$/i

function titleFrom(content: string): string {
  const words = cleanPhrase(content.split(/[.!?;:]/)[0] ?? content).split(' ')
  const title = words.slice(0, 6).join(' ')
  return capitalise(words.length > 6 ? `${title}…` : title)
}

// A note's body is everything after its colon, sentences and all; only "note: title" needs lines.
// One line that goes on to another request ("save a note called Room: B12; then remind me …")
// is read clause by clause instead.
const MORE_REQUESTS =
  /;|,?\s+(?:and\s+)?then\s+(?=remind|add|create|delete|remove|mark|move|forget|remember)/i

function parseNoteBlock(text: string): PlannerIntent | undefined {
  if (!text.includes('\n') && MORE_REQUESTS.test(text)) return undefined
  const untitled = NOTE_UNTITLED.exec(text)?.[1]?.trim()
  if (untitled !== undefined && untitled !== '' && !untitled.includes('\n'))
    return { kind: 'save_artifact', title: titleFrom(untitled), content: untitled }
  const match = NOTE_UNDER.exec(text) ?? NOTE_CALLED.exec(text) ?? NOTE_LINES.exec(text)
  const title = capitalise(cleanPhrase(match?.[1] ?? ''))
  const content = (match?.[2] ?? '').trim()
  return title === '' || content === '' ? undefined : { kind: 'save_artifact', title, content }
}

// "add a line to the Exam plan note: Then the Krebs cycle.": what follows the colon is the line.
function noteEditBlock(text: string): PlannerIntent | undefined {
  if (!text.includes(':') || MORE_REQUESTS.test(text)) return undefined
  const edit = parseNoteEdit(stripFiller(text))
  return edit?.kind === 'update_note' ? edit : undefined
}

/** One clause, or two or more joined by "and" when each part reads as a request of its own. */
function parseClauses(clause: string, today: Date): PlannerIntent[] {
  if (clause.length > MAX_CLAUSE) return [parseLongClause(clause)]
  const parts = splitOnAnd(clause)
  if (parts.length > 1) {
    const each = parts.map((part) => parseClause(part, today))
    if (each.every((intent) => intent.kind !== 'unknown')) return each
  }
  const one = parseClause(clause, today)
  if (one.kind === 'create_task' && /(?: and | plus | & |, )/i.test(one.title))
    return splitDatedCreates(clause, today) ?? [one]
  return [one]
}

// "add revise chapter 3 for friday and email my tutor on monday": two tasks, each with its date.
function splitDatedCreates(clause: string, today: Date): PlannerIntent[] | undefined {
  const joins = [...clause.matchAll(/,?\s+(?:and|plus|&)\s+(?:also\s+)?|,\s+/gi)].slice(0, 6)
  for (const join of joins) {
    const left = parseClause(clause.slice(0, join.index), today)
    if (left.kind !== 'create_task' || left.due === undefined) continue
    const rest = clause.slice(join.index + join[0].length)
    const alone = parseClause(rest, today)
    const right = alone.kind === 'create_task' ? alone : parseClause(`add a task to ${rest}`, today)
    if (right.kind !== 'create_task' || right.due === undefined) continue
    // "a on the 5th, b sunday and c tomorrow": the rest may be a list of its own.
    const more = /(?: and | plus | & |, )/i.test(right.title)
      ? splitDatedCreates(`add a task to ${rest}`, today)
      : undefined
    return [left, ...(more ?? [right])]
  }
  return undefined
}

// A clause longer than any request can only be a note with its body; every other reading is a
// pattern that must not scan a page.
function parseLongClause(clause: string): PlannerIntent {
  const note = parseArtifact(clause.replace(/^\s*(?:please\s+)?/i, ''))
  return note ?? { kind: 'unknown', clause: `${cleanPhrase(clause.slice(0, MAX_CLAUSE))}…` }
}

/** The tools an intent needs; all of them must be offered for the planner to act on it. */
export function intentTools(intent: PlannerIntent): string[] {
  switch (intent.kind) {
    case 'greeting':
    case 'thanks':
    case 'help':
    case 'unknown':
    case 'ask':
    case 'too_many':
      return []
    case 'delete_task':
      return ['list_tasks', 'delete_task']
    case 'delete_note':
      return ['delete_note']
    case 'update_note':
      return ['update_note']
    case 'update_task':
      return ['list_tasks', 'update_task']
    case 'forget_memory':
      return ['list_memory', 'forget_memory']
    default:
      return [intent.kind]
  }
}

function parseClause(raw: string, today: Date): PlannerIntent {
  if (GREETING.test(raw)) return { kind: 'greeting' }
  if (HELP.test(raw.trim())) return { kind: 'help' }
  if (THANKS.test(raw)) return { kind: 'thanks' }
  const clause = askedAsDue(stripFiller(raw))
  if (clause !== '') {
    for (const parse of PARSERS) {
      const intent = parse(clause, today)
      if (intent) return eitherKind(ownKind(intent, clause), clause)
    }
  }
  return { kind: 'unknown', clause: cleanPhrase(raw) }
}

// A request about notes never changes a task: "delete the note Mitochondria" deletes a note, or
// nothing, whatever task a looser pattern took it for.
// (A task's own changes, "mark review lecture 1 notes as done", stay a task's: a note has no
// due date, importance or done.)
function ownKind(intent: PlannerIntent, clause: string): PlannerIntent {
  if (intent.kind !== 'delete_task' || intent.finished) return intent
  if (!/\bnotes?\b/i.test(clause) || /\b(?:task|to-?do)s?\b/i.test(clause)) return intent
  const name = noteTitle(intent.target)
  return name === ''
    ? { kind: 'unknown', clause: cleanPhrase(clause) }
    : { kind: 'delete_note', name }
}

/** "compute …" always means code; a bare question only when it reads as a sum the planner can write. */
function parseCompute(clause: string): PlannerIntent | undefined {
  const asked = COMPUTE.exec(clause)?.[1] ?? QUESTION.exec(clause)?.[1] ?? clause
  const code = computeProgram(asked)
  return code === undefined ? undefined : { kind: 'run_code', code }
}

// "delete my task", "remove a task": no task is named, so the planner asks which.
const UNNAMED = /^(?:my|a|an|the|one|some|it|that|this|any)$/i

function parseDelete(clause: string): PlannerIntent | undefined {
  const target = cleanPhrase(DELETE.exec(clause)?.[1] ?? DELETE_SUFFIX.exec(clause)?.[1] ?? '')
  if (UNNAMED.test(target))
    return {
      kind: 'ask',
      question: 'Which task should I delete? Say its name, or ask “show my tasks” first.',
    }
  return target === '' ? undefined : { kind: 'delete_task', target }
}

function parseArtifact(clause: string): PlannerIntent | undefined {
  const match = ARTIFACT.exec(clause)
  const title = capitalise(cleanPhrase(match?.[1] ?? ''))
  const content = match?.[2]?.trim() ?? ''
  return title === '' || content === '' ? undefined : { kind: 'save_artifact', title, content }
}

function parseMemory(clause: string): PlannerIntent | undefined {
  const text = capitalise(cleanPhrase(firstGroup(MEMORY, clause)))
  return text === '' ? undefined : { kind: 'write_memory', text }
}

function parseRead(clause: string): PlannerIntent | undefined {
  const match = READ.exec(clause)
  const path = (match?.[1] ?? match?.[2] ?? '').trim()
  // A bare word is not a file: "show tasks" must stay a task list.
  const looksLikeFile =
    match?.[1] !== undefined || /\.[a-z0-9]{1,8}$/i.test(path) || path.includes('/')
  return path !== '' && looksLikeFile ? { kind: 'read_source', path } : undefined
}

function parseSearch(clause: string): PlannerIntent | undefined {
  const query = cleanPhrase(firstGroup(SEARCH, clause))
  return query === '' ? undefined : { kind: 'search_workspace', query }
}

function parseCreate(clause: string, today: Date): PlannerIntent | undefined {
  const into = CREATE_INTO.exec(clause)
  const body = into ? `${into[1] ?? ''} ${into[2] ?? ''}` : firstGroup(CREATE, clause)
  const fields = body.trim() === '' ? undefined : parseTaskFields(body, today)
  return fields ? { kind: 'create_task', ...fields } : undefined
}

// "add a note to the flashcards task: use the mnemonic …" changes the task, never saves a note.
const TASK_NOTE =
  /^(?:add|put|attach|write)\s+(?:a\s+)?note\s+(?:to|on)\s+(?:the\s+|my\s+)?(.+?)(?:\s+task)?\s*:\s*([\s\S]+)$/i

function parseTaskNote(clause: string): PlannerIntent | undefined {
  const match = TASK_NOTE.exec(clause)
  const target = cleanPhrase(match?.[1] ?? '')
  const notes = (match?.[2] ?? '').trim()
  if (target === '' || notes === '') return undefined
  return { kind: 'update_task', target, changes: { notes } }
}

// "add buy rice": anything added that is not a note, a memory or a list is a task.
function parseBareAdd(clause: string, today: Date): PlannerIntent | undefined {
  const body = /^(?:add|ad)\s+(?!(?:a\s+)?(?:note|memory)\b)(.+)$/i.exec(clause)?.[1]
  const fields = body === undefined ? undefined : parseTaskFields(body, today)
  return fields ? { kind: 'create_task', ...fields } : undefined
}

// "remove buy a calculator": the last reading of a delete, once nothing else read the clause.
function parseLooseDelete(clause: string): PlannerIntent | undefined {
  const target = /^(?:delete|remove|cancel|drop|erase|scrap)\s+(?:the\s+|my\s+)?(.+)$/i.exec(
    clause,
  )?.[1]
  return target === undefined || cleanPhrase(target) === ''
    ? undefined
    : { kind: 'delete_task', target: cleanPhrase(target) }
}

// "what do I have due this week", "anything due before friday": the list question in other words.
function askedAsDue(clause: string): string {
  return clause.replace(
    /^(?:what\s+(?:do|have)\s+i\s+(?:got\s+|have\s+)?|do\s+i\s+have\s+anything\s+|is\s+there\s+anything\s+|have\s+i\s+got\s+anything\s+|anything\s+)due\b/i,
    "what's due",
  )
}

function firstGroup(patterns: readonly RegExp[], clause: string): string {
  for (const pattern of patterns) {
    const group = pattern.exec(clause)?.[1]
    if (group !== undefined) return group
  }
  return ''
}
