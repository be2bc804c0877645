/** Stable codes for failures of a model call. */
export type ModelErrorCode =
  | 'model_error'
  | 'model_auth'
  | 'model_not_found'
  | 'model_unavailable'
  | 'model_timeout'
  | 'model_malformed_output'
  | 'model_script_exhausted'
  | 'model_aborted'
  | 'model_bad_request'
  | 'model_stream_interrupted'
  | 'model_config'

/** A model call failed; `code` says how. Thrown by model clients, turned into a `runFailed` event by the run. */
export class ModelError extends Error {
  override readonly name = 'ModelError'
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}
