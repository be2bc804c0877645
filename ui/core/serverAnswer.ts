import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { isKnownToolName } from '../../vocabulary/toolWords.ts'
import { visibleText } from '../../vocabulary/visibleText.ts'

/** The most characters of a server's answer a line shows. */
const maxShown = 300

/**
 * What another service said when a change made through it was done (an MCP server's own text,
 * "Successfully wrote to …"), as a `toolCompleted` event carries it; undefined for StudyPulse's
 * own tools (their change says it), for reads, and when it said nothing in words.
 */
export function serverAnswer(event: AgentEvent): string | undefined {
  if (event.kind !== 'toolCompleted' || event.payloadJson === undefined) return undefined
  if (event.permission === 'read' || isKnownToolName(event.toolName ?? '')) return undefined
  let data: { text?: unknown; content?: unknown } | undefined
  try {
    data = (JSON.parse(event.payloadJson) as { data?: typeof data }).data
  } catch {
    return undefined
  }
  const first = Array.isArray(data?.content)
    ? (data.content as { type?: unknown; text?: unknown }[]).find((c) => c?.type === 'text')?.text
    : undefined
  const text = typeof data?.text === 'string' ? data.text : first
  if (typeof text !== 'string' || text.trim() === '') return undefined
  const shown = visibleText(text.trim(), 'mark')
  return shown.length <= maxShown ? shown : `${shown.slice(0, maxShown - 1)}…`
}
