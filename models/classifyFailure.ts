import { ModelError } from './ModelError.ts'

/** What a failed attempt means: the error to report, and whether trying again may help. */
export interface AttemptFailure {
  error: ModelError
  retryable: boolean
  /** How long the server asked the client to wait before trying again, when it said. */
  retryAfterMs?: number
}

/** What was going on when an attempt failed. */
export interface FailureContext {
  /** The client's name, put in front of every message. */
  name: string
  /** The environment variable that holds the key, named in authentication errors. */
  keyVariable?: string
  aborted: boolean
  timedOut: boolean
  timeoutMs: number
  /** True once the answer had started streaming: a failure now is a broken turn. */
  streaming: boolean
  /** Whether `error` is the SDK's HTTP error (it carries `status` and `headers`); default: never. */
  isApiError?: (error: unknown) => boolean
}

/** What an SDK's HTTP error carries: no status when the server could not be reached. */
interface ApiErrorLike {
  status?: unknown
  headers?: Headers
  message: string
}

/** Turns whatever an SDK call threw into a coded `ModelError` and says whether to retry. */
export function classifyFailure(error: unknown, context: FailureContext): AttemptFailure {
  const { name } = context
  if (context.aborted) return final('model_aborted', `${name}: the model call was aborted.`)
  if (context.timedOut || isSdkTimeout(error)) {
    return final('model_timeout', `${name}: no complete answer within ${context.timeoutMs} ms.`)
  }
  if (error instanceof ModelError) return { error, retryable: false }
  if (context.streaming) {
    return final(
      'model_stream_interrupted',
      `${name}: the answer stream broke off before the turn was complete (${describe(error)}).`,
    )
  }
  if (!(context.isApiError?.(error) ?? false)) {
    return final('model_error', `${name}: ${describe(error)}`)
  }
  const apiError = error as ApiErrorLike
  const status = typeof apiError.status === 'number' ? apiError.status : undefined
  if (status === undefined) {
    return retry(`${name}: cannot reach the model server (${describe(error)}).`, undefined)
  }
  const detail = `HTTP ${status}: ${apiError.message}`
  if (status === 401 || status === 403) {
    const hint = context.keyVariable ? `; check ${context.keyVariable}` : ''
    return final(
      'model_auth',
      `${name}: the server refused the credentials (${detail})${hint}.`,
      status,
    )
  }
  if (status === 404) {
    return final(
      'model_not_found',
      `${name}: the server does not know this model or endpoint (${detail}).`,
      status,
    )
  }
  if (status === 408 || status === 409 || status === 429 || status >= 500) {
    return retry(`${name}: the server is unavailable (${detail}).`, status, apiError.headers)
  }
  return final('model_bad_request', `${name}: the server rejected the request (${detail}).`, status)
}

function final(code: ModelError['code'], message: string, status?: number): AttemptFailure {
  return { error: new ModelError(code, message, status), retryable: false }
}

function retry(message: string, status: number | undefined, headers?: Headers): AttemptFailure {
  const retryAfterMs = headers === undefined ? undefined : parseRetryAfter(headers)
  return {
    error: new ModelError('model_unavailable', message, status),
    retryable: true,
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  }
}

/** Reads `retry-after-ms`, or `retry-after` as seconds or as an HTTP date. */
function parseRetryAfter(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '')
  if (Number.isFinite(ms) && ms >= 0) return ms
  const value = headers.get('retry-after')?.trim()
  if (value === undefined || value === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

function isSdkTimeout(error: unknown): boolean {
  return error instanceof Error && error.constructor.name === 'APIConnectionTimeoutError'
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  const code = (cause as { code?: unknown } | undefined)?.code
  const causeText =
    cause instanceof Error ? `${cause.message}${typeof code === 'string' ? ` ${code}` : ''}` : ''
  return causeText && causeText !== error.message ? `${error.message} ${causeText}` : error.message
}
