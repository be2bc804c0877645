import {
  CompleteResultSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  type LoggingMessageNotification,
  ReadResourceResultSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js'

/** One of the read requests a server's client may be asked to send (see `mcpReadResults`). */
export type McpReadMethod =
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read'
  | 'prompts/list'
  | 'prompts/get'
  | 'completion/complete'

/**
 * The requests besides tools a client may send on to a server: each only reads (resources and
 * prompts are context by the protocol's definition, completions are suggestions), so a proxy
 * passes them straight through. Each with the schema its answer is read through.
 */
export const mcpReadResults = {
  'resources/list': ListResourcesResultSchema,
  'resources/templates/list': ListResourceTemplatesResultSchema,
  'resources/read': ReadResourceResultSchema,
  'prompts/list': ListPromptsResultSchema,
  'prompts/get': GetPromptResultSchema,
  'completion/complete': CompleteResultSchema,
} as const satisfies Record<McpReadMethod, unknown>

/** A server's answer to a read: its result, or its JSON-RPC error (code and message). */
export type McpReadAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; code: number; message: string }

/** JSON-RPC's "method not found": what a server that does not offer a feature answers. */
export const methodNotFound = -32601

/** The server capability a read needs: without it the server is not asked at all. */
export function offersRead(capabilities: ServerCapabilities | undefined, method: McpReadMethod) {
  if (method.startsWith('resources/')) return capabilities?.resources !== undefined
  if (method.startsWith('prompts/')) return capabilities?.prompts !== undefined
  return capabilities?.completions !== undefined
}

/** What a server says on its own, passed on to whoever fronts it: a log line, or a list that changed. */
export type McpNotice =
  | { method: 'notifications/message'; params: LoggingMessageNotification['params'] }
  | { method: 'notifications/resources/list_changed' }
  | { method: 'notifications/prompts/list_changed' }
