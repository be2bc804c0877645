import type { Gateway } from './Gateway.ts'

/** A JSON-RPC request id. */
type Id = string | number

/** A `tools/call` request of the plain shape the fast paths take. */
export interface ReadRequest {
  id: Id
  name: string
  arguments?: Record<string, unknown>
}

/** The JSON-RPC answer to one read: its result, or the internal error it threw. */
export type ReadAnswer =
  | { jsonrpc: '2.0'; id: Id; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string } }

const plainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

// JSON-RPC's internal error: what the SDK's server answers for a handler that threw.
const internalError = -32603

/**
 * The `tools/call` request `message` is, if it has exactly the plain shape a 2025-11-25 client
 * sends (a name, object arguments, at most a progress token in `_meta`); anything else is
 * undefined and goes the MCP SDK's way, which answers it as the protocol says.
 */
export function readRequestOf(message: unknown): ReadRequest | undefined {
  if (!plainObject(message)) return undefined
  const { jsonrpc, id, method, params, ...extra } = message
  if (jsonrpc !== '2.0' || method !== 'tools/call' || Object.keys(extra).length > 0)
    return undefined
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined
  if (!plainObject(params)) return undefined
  const { name, arguments: args, _meta, ...rest } = params
  if (typeof name !== 'string' || Object.keys(rest).length > 0) return undefined
  if (args !== undefined && !plainObject(args)) return undefined
  // A read sends no progress, so a token changes nothing; any other `_meta` (a revision's marker,
  // a task) is the SDK's to read.
  if (
    _meta !== undefined &&
    (!plainObject(_meta) || Object.keys(_meta).some((k) => k !== 'progressToken'))
  )
    return undefined
  return { id: id as Id, name, ...(args !== undefined && { arguments: args }) }
}

/**
 * Answers `request` at once when it calls a read of a server that is up (`Gateway.readNow`: the
 * host's level says so, the arguments are checked and bounded as any call's, the server's answer
 * is checked by the SDK's client); undefined otherwise, for the SDK's server to answer.
 */
export function answerRead(
  gateway: Gateway,
  request: ReadRequest,
  signal: AbortSignal,
): Promise<ReadAnswer> | undefined {
  const reading = gateway.readNow(request.name, request.arguments, signal)
  if (reading === undefined) return undefined
  const { id } = request
  return reading.then(
    (result) => ({ jsonrpc: '2.0', id, result: result as Record<string, unknown> }),
    (error: unknown) => ({
      jsonrpc: '2.0',
      id,
      error: {
        code: internalError,
        message: error instanceof Error ? error.message : String(error),
      },
    }),
  )
}
