/** "undo that", "take that back": `undo_change` with the changeId of the latest change in the conversation. */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { asRecord, textField } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'
import { answered, call, type PlannerSkill, resultsInWords } from './plannerSkill.ts'

const UNDO =
  /^(?:please\s+|pls\s+|oops,?\s+|wait,?\s+|actually,?\s+|no,?\s+|ugh,?\s+|hmm+,?\s+)*(?:undo|revert|reverse|take\s+(?:that|it)\s+back|roll\s+(?:that|it)\s+back|cancel\s+(?:that|the\s+last)\s+change)(?:\s+(?:that|it|this|the\s+last\s+(?:change|one|thing)|my\s+last\s+change|what\s+you\s+(?:just\s+)?did))?(?:\s+please)?(?:[\s,;.-]+(?:i\s+want|give\s+me|bring|put)\s+(?:it|that|the\s+old\s+(?:one|version|text|date))\s+back)?[\s.!]*$/i

/** The changeId of the most recent tool result that carries one, or undefined. */
export function latestChangeId(messages: readonly ChatMessage[]): string | undefined {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'tool') continue
    const result = readToolResult(message.content)
    const id = result.kind === 'ok' ? textField(asRecord(result.data), 'changeId') : undefined
    if (id !== undefined) return id
  }
  return undefined
}

/** The skill, only when an `undo_change` tool is offered. */
export const undoSkill: PlannerSkill = (context) => {
  if (!context.available.has('undo_change') || !UNDO.test(context.text.trim())) return undefined
  if (answered(context)) return { text: resultsInWords(context) }
  const changeId = latestChangeId(context.messages)
  if (changeId === undefined)
    return { text: 'There is nothing to undo: I have not changed anything yet.' }
  return call(context, 'undo_change', { changeId })
}
