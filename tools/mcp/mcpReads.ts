import type { LoggingMessageNotification, ServerCapabilities } from '@modelcontextprotocol/client'

/**
 * The requests besides tools a client may send on to a server: each only reads (resources and
 * prompts are context by the protocol's definition, completions are suggestions), so a proxy
 * passes them straight through; so are (un)subscribing to a resource's updates, which change only
 * what the server tells. The SDK reads each answer through the schema of its method.
 */
export type McpReadMethod =
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read'
  | 'prompts/list'
  | 'prompts/get'
  | 'completion/complete'
  | 'resources/subscribe'
  | 'resources/unsubscribe'

/** A server's answer to a read: its result, or its JSON-RPC error (code and message). */
export type McpReadAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; code: number; message: string }

/** JSON-RPC's "method not found": what a server that does not offer a feature answers. */
export const methodNotFound = -32601

/** The server capability a read needs: without it the server is not asked at all. */
export function offersRead(capabilities: ServerCapabilities | undefined, method: McpReadMethod) {
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe')
    return capabilities?.resources?.subscribe === true
  if (method.startsWith('resources/')) return capabilities?.resources !== undefined
  if (method.startsWith('prompts/')) return capabilities?.prompts !== undefined
  return capabilities?.completions !== undefined
}

/**
 * What a server says on its own, passed on to whoever fronts it: a log line, a list that changed,
 * or a resource someone subscribed to that changed.
 */
export type McpNotice =
  | { method: 'notifications/message'; params: LoggingMessageNotification['params'] }
  | { method: 'notifications/resources/updated'; params: { uri: string } }
  | { method: 'notifications/resources/list_changed' }
  | { method: 'notifications/prompts/list_changed' }
