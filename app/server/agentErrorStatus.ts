import { basename } from 'node:path'
import { AgentError } from '../../runtime/AgentError.ts'
import { RunStoreError } from '../../store/RunStoreError.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'
import { HttpError } from './HttpError.ts'

// 400: the request itself is wrong. 409 (the default): it does not fit the run's state now, e.g. a
// stale card (`confirmation_not_found`) or a rule the tool cannot have (`policy_not_allowed`).
const statusByCode: Record<string, number> = {
  run_not_found: 404,
  invalid_input: 400,
  // Past the HTTP schema only through another face (the schema refuses it first, as invalid_request).
  message_too_long: 413,
  invalid_decision: 400,
  invalid_edit: 400,
  invalid_cursor: 400,
  policy_not_allowed: 409,
  // The host's approval rules do not let this person decide this card: nothing changed.
  approver_not_allowed: 403,
  policy_file_corrupt: 409,
  // A card that must be signed: sign it (again) with a passkey; a bad signature is the request's fault.
  signature_required: 403,
  signature_invalid: 403,
  signature_replayed: 409,
  signature_expired: 409,
  signature_mismatch: 403,
  user_not_verified: 403,
  passkey_unknown: 403,
  passkey_revoked: 403,
}

// 503: try again soon (another program's lock) or not until the file is repaired (damaged);
// 507: the disk is full until someone frees space.
const storeFaults: Partial<Record<string, number>> = {
  store_busy: 503,
  store_full: 507,
  store_corrupt: 503,
}

/**
 * Turns the runtime's `AgentError` into an HTTP refusal (404 for an unknown run, 400 for bad
 * input, else 409), and a damaged workspace file into `409 workspace_file_corrupt` naming it.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof AgentError)
    return new HttpError(statusByCode[error.code] ?? 409, error.code, error.message, error.file)
  if (error instanceof WorkspaceError && error.code === 'corrupt_file')
    return new HttpError(409, 'workspace_file_corrupt', error.message, error.file)
  // The store cannot take a write now (another program's lock, a full disk): nothing was saved.
  const faultStatus = error instanceof RunStoreError ? storeFaults[error.code] : undefined
  if (error instanceof RunStoreError && faultStatus !== undefined)
    return new HttpError(
      faultStatus,
      error.code,
      error.message,
      error.file === undefined ? undefined : basename(error.file),
    )
  return error
}

/** Runs `fn`, rethrowing an `AgentError` as the matching `HttpError`. */
export function mapAgentErrors<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw toHttpError(error)
  }
}
