import { RunCommandError } from '../core/RunCommandError.ts'

/**
 * Whether a failed `GET /api/me` says nobody is signed in: only the server's 401 does. A request
 * the network lost (the server stopped while the page loaded) or a 503 (the issuer cannot be
 * reached) says nothing of who is signed in, and must not swap the chat, its card and the notice
 * that the server is gone for a sign-in screen.
 */
export function signedOutBy(error: unknown): boolean {
  return error instanceof RunCommandError && error.status === 401
}
