/** Why a run store refused or failed an operation. */
export type RunStoreErrorCode =
  | 'policy_file_corrupt'
  | 'corrupt_run'
  | 'invalid_cursor'
  | 'run_owned_elsewhere'
  | 'store_unavailable'
  | 'store_busy'
  | 'store_full'
  | 'store_corrupt'

/** Thrown by a `RunStore` when it cannot do what was asked; `code` says why, `file` says where. */
export class RunStoreError extends Error {
  override readonly name = 'RunStoreError'
  constructor(
    readonly code: RunStoreErrorCode,
    message: string,
    readonly file?: string,
  ) {
    super(message)
  }
}
