import { AgentError } from '../../machines/AgentError.ts'
import { HttpError } from './HttpError.ts'

// 400: the request itself is wrong. 409 (the default): it does not fit the run's state now, e.g. a
// stale card (`confirmation_not_found`) or a rule the tool cannot have (`policy_not_allowed`).
const statusByCode: Record<string, number> = {
  run_not_found: 404,
  invalid_input: 400,
  invalid_decision: 400,
  invalid_edit: 400,
  policy_not_allowed: 409,
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
