import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { asRecord, textField } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'

/** A remembered entry as the planner reads it from a `list_memory` result. */
export interface PlannerMemory {
  id: string
  text: string
}

/** The entries of a `list_memory` result (`{ entries }`); undefined when it has none. */
export function readMemoryList(data: unknown): PlannerMemory[] | undefined {
  const list = asRecord(data)?.entries
  if (!Array.isArray(list)) return undefined
  return list.flatMap((item) => {
    const id = textField(asRecord(item), 'id')
    const text = textField(asRecord(item), 'text')
    return id === undefined || text === undefined ? [] : [{ id, text }]
  })
}

/** Every entry a successful `list_memory` result showed among these messages, the latest last. */
export function memorySeen(messages: readonly ChatMessage[]): PlannerMemory[] {
  const seen: PlannerMemory[] = []
  for (const message of messages) {
    if (message.role !== 'tool' || message.name !== 'list_memory') continue
    const result = readToolResult(message.content)
    if (result.kind === 'ok') seen.push(...(readMemoryList(result.data) ?? []))
  }
  return seen
}

/** The entries of the last successful `list_memory` result among these messages. */
export function latestMemoryList(messages: readonly ChatMessage[]): PlannerMemory[] | undefined {
  let latest: PlannerMemory[] | undefined
  for (const message of messages) {
    if (message.role !== 'tool' || message.name !== 'list_memory') continue
    const result = readToolResult(message.content)
    if (result.kind === 'ok') latest = readMemoryList(result.data) ?? latest
  }
  return latest
}
