/** A refusal the server answers with `status` and a JSON body `{ error: { code, message } }`. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
