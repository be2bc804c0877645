import type { IncomingMessage } from 'node:http'
import { type Identity, isWellFormedPerson } from '../../../vocabulary/Identity.ts'
import { HttpError } from '../HttpError.ts'

/** A signed-in person as a hosted app knows them: always an id, maybe a name and groups. */
export type SignedIn = Identity & { id: string; groups: readonly string[] }

/** How a hosted app learns who sends a request: a verified token, or an authenticating proxy. */
export interface Authenticator {
  readonly kind: 'oidc' | 'proxy'
  /** Who sent `req`; rejects with `HttpError` 401 (or 503 when the issuer cannot be reached). */
  authenticate(req: IncomingMessage): Promise<SignedIn>
}

/** A 401: the request is not from a signed-in person (nothing of it is used). */
export function notSignedIn(message: string, bearer = false): HttpError {
  return new HttpError(
    401,
    'unauthenticated',
    message,
    undefined,
    bearer ? { 'www-authenticate': 'Bearer realm="studypulse", error="invalid_token"' } : {},
  )
}

const maxGroups = 200

/**
 * The identity authentication names, checked as the runtime keeps people (an id and a name of
 * bounded text, no control characters) with at most 200 groups of the same kind; a 401 otherwise.
 * `groups` is a list of names (or one name), each taken whole: never split here.
 */
export function signedIn(id: unknown, name: unknown, groups: unknown, bearer = false): SignedIn {
  const person = {
    id,
    ...(typeof name === 'string' && name.trim() !== '' && { name: name.trim() }),
  }
  if (!isWellFormedPerson(person))
    throw notSignedIn('the signed-in user has no usable id (1 to 512 characters)', bearer)
  // Each element is one name as the issuer (or the proxy's header, already split) wrote it:
  // splitting "former reviewers" would make its holder a member of "reviewers".
  const list = (Array.isArray(groups) ? groups : [groups]).filter(
    (g): g is string => typeof g === 'string' && g !== '' && isWellFormedPerson({ id: g }),
  )
  if (list.length > maxGroups) throw notSignedIn(`more than ${maxGroups} groups`, bearer)
  return { ...person, groups: [...new Set(list)] }
}
