/** The shape of one of the planner's skills: read the request and the conversation, propose calls or answer. */

import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { parseArguments } from './plannerFields.ts'
import { parseIntents } from './plannerIntents.ts'
import { memorySeen } from './plannerMemory.ts'
import { readToolResult } from './plannerResults.ts'
import { summarizeToolResult } from './plannerSummary.ts'
import { tasksSeen } from './plannerTasks.ts'

/** What a skill sees of a turn. */
export interface SkillContext {
  /** The last user message. */
  text: string
  messages: readonly ChatMessage[]
  /** The messages after the last user message (the calls proposed for it and their results). */
  sinceUser: readonly ChatMessage[]
  available: ReadonlySet<string>
  today: Date
  nextId: () => string
}

/** Whether the clause parser reads the message as something other than `allowed` (then a skill leaves it be). */
export function parserKnows(context: SkillContext, allowed: readonly string[]): boolean {
  const loose = new Set(['unknown', 'greeting', 'thanks', 'help', ...allowed])
  return parseIntents(context.text, context.today).some((intent) => !loose.has(intent.kind))
}

/** A skill: its turn when the request is one it knows, undefined otherwise. */
export type PlannerSkill = (context: SkillContext) => ModelTurn | undefined

/** Whether any tool has answered since the user's message (the skill's first turn is over). */
export function answered(context: SkillContext): boolean {
  return context.sinceUser.some((message) => message.role === 'tool')
}

/** One tool call as a turn. */
export function call(context: SkillContext, name: string, args: object): ModelTurn {
  return { toolCalls: [{ id: context.nextId(), name, arguments: JSON.stringify(args) }] }
}

/** Each result since the user's message in plain words, as the closing answer. */
export function resultsInWords(context: SkillContext): string {
  const seen = { tasks: tasksSeen(context.messages), memory: memorySeen(context.messages) }
  const lines: string[] = []
  for (const message of context.sinceUser) {
    if (message.role !== 'tool') continue
    const proposed = context.sinceUser
      .flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))
      .find((c) => c.id === message.toolCallId)
    const args = parseArguments(proposed?.arguments)
    lines.push(summarizeToolResult(message.name, args, readToolResult(message.content), seen))
  }
  return lines.length > 0 ? lines.join('\n') : 'Done.'
}
