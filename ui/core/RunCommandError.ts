/** A run refused a command (e.g. `confirmation_not_found` for a stale card); `code` says why. */
export class RunCommandError extends Error {
  override readonly name = 'RunCommandError'
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status, when the run is remote. */
    readonly status?: number,
  ) {
    super(message)
  }
}
