/** Stable codes for app server settings that cannot work. */
export type AppServerErrorCode =
  | 'invalid_allowed_origin'
  | 'invalid_trusted_proxy'
  | 'invalid_public_origin'
  // Listening beyond loopback needs authentication; hosted mode needs its public origin.
  | 'auth_required'
  | 'public_origin_required'
  | 'invalid_auth'

/** The app server was configured in a way it refuses (thrown when it is created, never per request). */
export class AppServerError extends Error {
  override readonly name = 'AppServerError'
  constructor(
    readonly code: AppServerErrorCode,
    message: string,
  ) {
    super(message)
  }
}
