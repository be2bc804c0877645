import { expect, test } from 'vitest'
import { RunCommandError } from '../../ui/core/RunCommandError.ts'
import { signedOutBy } from '../../ui/page/signedOutBy.ts'

test('only a 401 from /api/me says nobody is signed in', () => {
  expect(signedOutBy(new RunCommandError('unauthenticated', 'sign in first', 401))).toBe(true)
})

// The server stopped while the page loaded (seen in the lost-server browser test): the page
// showed the sign-in screen instead of its card and the notice that the server is gone.
test('a request the network lost, or an issuer out of reach, says nothing of who is signed in', () => {
  expect(signedOutBy(new TypeError('Failed to fetch'))).toBe(false)
  expect(signedOutBy(new RunCommandError('issuer_unavailable', 'try again', 503))).toBe(false)
  expect(signedOutBy(new RunCommandError('invalid_token', 'reload the page', 403))).toBe(false)
})
