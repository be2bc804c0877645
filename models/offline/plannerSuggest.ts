import { stripFiller } from './plannerClauses.ts'
import { quoted } from './plannerText.ts'

const QUESTION =
  /^(?:what|who|why|how|when|where|which|whose|is|are|does|do|did|can|could|should|explain|tell\s+me)\b/i
const STOP = new Set(
  'a an the of to in on at for and or is are was were be do does did can could should would will what who why how when where which whose me my i you your it this that about tell explain please there'.split(
    ' ',
  ),
)

/**
 * A short answer to a request the planner cannot read: it says so, and offers the nearest thing
 * it can do with the tools on offer, as words the user can send back as they are.
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
  if (!QUESTION.test(words) && words.split(/\s+/).length >= 2 && available.has('create_task')) {
    const todo = coreAction(words.charAt(0).toLowerCase() + words.slice(1))
    return `I can't do that myself, but I can remind you: try ${quoted(`add a task to ${todo}`)}.`
  }
  if (available.has('list_tasks')) {
    return `I didn't catch that. I can look after your tasks, notes and what I remember: try ${quoted('what do I have to do this week?')} or ${quoted('help')}.`
  }
  return `I didn't catch that. Send ${quoted('help')} to see what I can do here.`
}

// The request's main action, without the clauses after it ("… for the holidays", "… while I study").
function coreAction(words: string): string {
  return (
    words.split(
      /\s+(?:for\s+the|while|because|since|so\s+that|when|during|before|after|as\s+soon\s+as)\s+/i,
    )[0] ?? words
  )
}
