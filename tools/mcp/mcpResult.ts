import { type ToolResult, toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'

/** The most text of one result passed on to the model. */
const maxText = 50_000
/** The most structured content of one result, as JSON characters; more is left out whole. */
export const maxStructuredContent = 50_000

interface ContentItem {
  type?: unknown
  text?: unknown
  mimeType?: unknown
  uri?: unknown
  name?: unknown
  resource?: { uri?: unknown; mimeType?: unknown; text?: unknown }
}

/**
 * An MCP `tools/call` result as the model receives it: the text content joined, structured content
 * as is, other content named (no binary data); `isError` becomes a `tool_error` failure.
 */
export function toToolResult(server: string, tool: string, raw: unknown): ToolResult {
  const record = (raw ?? {}) as {
    content?: unknown
    structuredContent?: unknown
    isError?: unknown
    toolResult?: unknown
  }
  // Servers of protocol 2024-10-07 answer `{ toolResult }`; the SDK still accepts it.
  if (record.content === undefined && 'toolResult' in record)
    return toolOk({ data: record.toolResult })
  if (!Array.isArray(record.content)) {
    return toolFailure('execution_failed', `${server} › ${tool} returned a result without content`)
  }
  const items = record.content as ContentItem[]
  const texts: string[] = []
  const attachments: Record<string, unknown>[] = []
  for (const item of items) {
    if (item.type === 'text' && typeof item.text === 'string') texts.push(item.text)
    else if (item.type === 'resource' && typeof item.resource?.text === 'string')
      texts.push(item.resource.text)
    else attachments.push(describeItem(item))
  }
  let text = texts.join('\n')
  if (text.length > maxText)
    text = `${text.slice(0, maxText)}\n… (${text.length - maxText} more characters cut)`
  if (record.isError === true) {
    return toolFailure('tool_error', `${server} › ${tool}: ${text || 'the tool reported an error'}`)
  }
  const structured = boundStructured(record.structuredContent)
  if (structured.cut !== undefined) text = `${text}\n… (${structured.cut})`
  return toolOk({
    text,
    ...(structured.value !== undefined && { structuredContent: structured.value }),
    ...(attachments.length > 0 && { attachments }),
  })
}

/**
 * Structured content within the cap, or a note of why it was left out: JSON cut short is no
 * longer JSON, so content over the cap is dropped whole rather than cut.
 */
function boundStructured(value: unknown): { value?: unknown; cut?: string } {
  if (value === undefined) return {}
  let size: number
  try {
    size = JSON.stringify(value)?.length ?? 0
  } catch {
    return { cut: 'structured content that is not JSON was left out' }
  }
  return size > maxStructuredContent
    ? {
        cut: `structured content of ${size} characters was left out: over the ${maxStructuredContent} limit`,
      }
    : { value }
}

function describeItem(item: ContentItem): Record<string, unknown> {
  const described: Record<string, unknown> = { type: String(item.type) }
  for (const key of ['mimeType', 'uri', 'name'] as const) {
    if (typeof item[key] === 'string') described[key] = item[key]
  }
  if (typeof item.resource?.uri === 'string') described.uri = item.resource.uri
  return described
}
