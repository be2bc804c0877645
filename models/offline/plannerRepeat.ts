/** "mark the essay done" → "and the calculator too": the last change again, on another task. */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { answerResults } from './plannerAnswer.ts'
import { proposeFollowUps } from './plannerFollowUps.ts'
import { type PlannerIntent, parseIntents } from './plannerIntents.ts'
import { proposeCalls } from './plannerProposals.ts'
import { answered, type PlannerSkill } from './plannerSkill.ts'
import { cleanPhrase } from './plannerText.ts'

const TOO =
  /^(?:and\s+|also\s+)?(?:the\s+|my\s+)?(.+?)\s+(?:too|as\s+well)$|^(?:same\s+(?:for|with)|and\s+also|and\s+then)\s+(?:the\s+|my\s+)?(.+)$/i

/** The user's message before the last one, if any. */
function previousRequest(messages: readonly ChatMessage[]): string | undefined {
  const users = messages.filter((m) => m.role === 'user')
  return users.at(-2)?.content
}

/** The skill: the previous message's change or delete, aimed at the task now named. */
export const repeatSkill: PlannerSkill = (context) => {
  const match = TOO.exec(cleanPhrase(context.text))
  const target = cleanPhrase(match?.[1] ?? match?.[2] ?? '')
  const before = previousRequest(context.messages)
  if (target === '' || before === undefined) return undefined
  const last = parseIntents(before, context.today)
    .filter((intent) => intent.kind === 'update_task' || intent.kind === 'delete_task')
    .at(-1)
  if (last === undefined) return undefined
  const intents: PlannerIntent[] = [{ ...last, target }]
  if (!answered(context)) return proposeCalls(intents, context.available, context.nextId)
  return (
    proposeFollowUps(
      intents,
      context.available,
      context.sinceUser,
      context.nextId,
      context.today,
    ) ?? {
      text: answerResults(intents, context.available, context.messages, context.sinceUser),
    }
  )
}
