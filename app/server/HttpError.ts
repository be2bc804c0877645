/** A refusal the server answers with `status` and a JSON body `{ error: { code, message, file? } }`. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The workspace file to blame (relative to its root), when one is. */
    readonly file?: string,
    /** Headers the refusal carries besides the usual ones (e.g. `www-authenticate` on a 401). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message)
  }
}
