import type { CallToolResult, Tool } from '@modelcontextprotocol/server'
import type { ToolResult } from '../../vocabulary/ToolResult.ts'

/** What a refused or failed gated call answers in `structuredContent`. */
export const refusalSchema = {
  type: 'object',
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['ok', 'error'],
} as const

/**
 * The output schema a gated tool is listed with: the server's own, widened to admit the refusal
 * (a client that checks `structuredContent` against it, as the SDK's `callTool` does even when
 * `isError` is set, still accepts a denial), or none when the server gave none.
 */
export function gatedOutputSchema(outputSchema: Tool['outputSchema']): Tool['outputSchema'] {
  if (outputSchema === undefined) return undefined
  return { type: 'object', anyOf: [outputSchema, refusalSchema] }
}

/**
 * A gated call's result as the MCP client receives it: the server's own content and structured
 * content when it ran; else `isError` with the refusal or failure as text and as
 * `structuredContent: { ok: false, error: { code, message } }`.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (result.ok) {
    const { text, structuredContent, content } = (result.data ?? {}) as {
      text?: unknown
      structuredContent?: unknown
      content?: unknown
    }
    return {
      content: Array.isArray(content)
        ? (content as CallToolResult['content'])
        : [{ type: 'text', text: typeof text === 'string' ? text : JSON.stringify(result.data) }],
      ...(isObject(structuredContent) && { structuredContent }),
    }
  }
  const { code, message, details } = result.error
  const upstream = details?.content
  return {
    isError: true,
    content: Array.isArray(upstream)
      ? (upstream as CallToolResult['content'])
      : [{ type: 'text', text: `${message} (${code})` }],
    structuredContent: { ok: false, error: { code, message } },
  }
}

/** A failure said by the gateway itself, for a tool listed as it is (a read's): no structured content. */
export function plainFailure(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${message} (${code})` }] }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
