import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { ModelRequest } from '../messages.ts'
import { answerResults } from './plannerAnswer.ts'
import { withAnswerDate } from './plannerAnswerDate.ts'
import { MAX_CLAUSE, MAX_MESSAGE, MAX_REQUEST, tidyMessage, tooLong } from './plannerBounds.ts'
import { proposeFollowUps } from './plannerFollowUps.ts'
import { intentsFromGuess } from './plannerGuess.ts'
import { plannerHelp } from './plannerHelp.ts'
import { planIds } from './plannerIds.ts'
import { type PlannerIntent, parseIntents } from './plannerIntents.ts'
import { withNoteReferent } from './plannerNoteReferent.ts'
import { parseFirst } from './plannerParseFirst.ts'
import { proposeCalls } from './plannerProposals.ts'
import { requestText, severalRequests } from './plannerRequestText.ts'
import { type PlanOne, planSequence } from './plannerSequence.ts'
import { planWithSkills } from './plannerSkills.ts'
import { choiceReply } from './plannerSuggest.ts'
import { planToolUse } from './plannerUseTool.ts'

// Only a message no pattern reads at all goes to the classifier, and only one of a clause's length.
// The classifier (NLP.js and the model's weights, about 31 KB gzipped) is a chunk of its own,
// fetched the first time such a message comes: most turns never need it. One that cannot be
// fetched (offline, a page older than its server's chunks) guesses nothing: the turn asks back.
async function withGuess(
  intents: PlannerIntent[],
  text: string,
  today: Date,
): Promise<PlannerIntent[]> {
  if (!intents.every((intent) => intent.kind === 'unknown')) return intents
  if (text.length > MAX_CLAUSE) return intents
  const classifier = await import('./plannerIntentClassifier.ts').catch(() => undefined)
  if (classifier === undefined) return intents
  return intentsFromGuess(await classifier.classifyIntent(text), text, today) ?? intents
}

/** The offline planner's next turn for a conversation: rules, a date parser and a small classifier. */
export async function planOfflineTurn(request: ModelRequest, today: Date): Promise<ModelTurn> {
  const { messages } = request
  const available = new Set(request.tools.map((tool) => tool.name))
  const lastUser = messages.findLastIndex((message) => message.role === 'user')
  const user = messages[lastUser]
  if (user?.role !== 'user') return { text: plannerHelp(available) }
  if (user.content.length > MAX_MESSAGE) return { text: tooLong(user.content.length) }
  const before = messages.slice(0, lastUser + 1)
  // "add to it" after a message about a note names that note before anything reads it.
  // "the day after" right after an answer that named one day is the day after that one.
  const content = withAnswerDate(withNoteReferent(user.content, before), before, today)
  const said = parseFirst(tidyMessage(content), today)
  // "2" after a question with numbered choices is the request that choice stands for.
  const read = (content: string) => parseFirst(tidyMessage(content), today)
  const chosen = choiceReply(said, messages, available, read)
  const sinceUser = messages.slice(lastUser + 1)
  const nextId = planIds(messages)
  const context = { messages: before, available, today }
  const planOne: PlanOne = (text, seen, since, ids) =>
    planText(text, { request, available, today, messages: seen, sinceUser: since, nextId: ids })
  const parts = chosen === undefined ? severalRequests(user.content, read, context) : undefined
  if (parts !== undefined) return planSequence(parts, before, sinceUser, nextId, planOne)
  return planOne(chosen ?? requestText(said, context), messages, sinceUser, nextId)
}

interface TurnContext {
  request: ModelRequest
  available: ReadonlySet<string>
  today: Date
  messages: readonly ChatMessage[]
  sinceUser: readonly ChatMessage[]
  nextId: () => string
}

// One request's next step: a tool the host names, a skill, or the clause parser's proposals.
async function planText(text: string, turn: TurnContext): Promise<ModelTurn> {
  const { request, available, today, messages, sinceUser, nextId } = turn
  const use = planToolUse(text, request.tools, sinceUser, nextId)
  if (use !== undefined) return use
  // A skill reads a question or a follow-up, never a page; a long message is read clause by clause.
  const skilled =
    text.length > MAX_REQUEST
      ? undefined
      : planWithSkills({ text, messages, sinceUser, available, today, nextId })
  if (skilled !== undefined) return skilled
  const intents = await withGuess(parseIntents(text, today), text, today)
  if (!sinceUser.some((message) => message.role === 'tool')) {
    return proposeCalls(intents, available, nextId)
  }
  return (
    proposeFollowUps(intents, available, sinceUser, nextId, today) ?? {
      text: answerResults(intents, available, messages, sinceUser),
    }
  )
}
