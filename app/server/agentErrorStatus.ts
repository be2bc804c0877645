import { AgentError } from '../../machines/AgentError.ts'
import { HttpError } from './HttpError.ts'

const statusByCode: Record<string, number> = {
  run_not_found: 404,
  invalid_input: 400,
  invalid_decision: 400,
}

/** Turns the runtime's `AgentError` into an HTTP refusal: 404 for an unknown run, 400 for bad input, else 409. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof AgentError)) return error
  return new HttpError(statusByCode[error.code] ?? 409, error.code, error.message)
}

/** Runs `fn`, rethrowing an `AgentError` as the matching `HttpError`. */
export function mapAgentErrors<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw toHttpError(error)
  }
}
