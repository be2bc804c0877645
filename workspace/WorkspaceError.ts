/** Stable codes for failures of workspace operations. */
export type WorkspaceErrorCode =
  | 'not_a_workspace'
  | 'already_a_workspace'
  | 'corrupt_file'
  | 'invalid_data'
  | 'io_error'
  | 'not_found'
  // A database workspace cannot be opened or migrated (unreachable, or newer than this code).
  | 'database_unavailable'
  // A database workspace refused a run's effect: this node no longer holds the run's lease.
  | 'run_owned_elsewhere'
  // A decision the effect was to commit with (see `OutcomeOptions.decision`) lost its card: another
  // decision, an edit or the card's deadline took it first (the transaction's compare-and-set);
  // nothing was written.
  | 'card_decided_elsewhere'

/** A workspace operation failed; `code` says how and `file` (relative to the workspace root) says where. */
export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError'
  readonly code: WorkspaceErrorCode
  readonly file?: string

  constructor(code: WorkspaceErrorCode, message: string, file?: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
    if (file !== undefined) this.file = file
  }

  /** Wraps a file-system failure as an `io_error`; a `WorkspaceError` passes through unchanged. */
  static io(action: string, error: unknown, file?: string): WorkspaceError {
    if (error instanceof WorkspaceError) return error
    const reason = error instanceof Error ? error.message : String(error)
    return new WorkspaceError('io_error', `${action}: ${reason}`, file, { cause: error })
  }
}
