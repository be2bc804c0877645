import { describe, expect, test } from 'vitest'
import { hostingFromEnv } from '../../../app/hostingFromEnv.ts'
import { AppServerError } from '../../../app/server/AppServerError.ts'
import { hostedAccess } from '../../../app/server/hostedMode.ts'

const base = {
  STUDYPULSE_AUTH_MODE: 'oidc',
  STUDYPULSE_AUTH_ISSUER: 'https://login.example.edu/realms/study',
  STUDYPULSE_PUBLIC_ORIGIN: 'https://study.example.edu',
}

describe('browser sign-in from the environment', () => {
  test('a client id turns it on, and is the audience unless one is given', async () => {
    const hosting = await hostingFromEnv({
      ...base,
      STUDYPULSE_AUTH_CLIENT_ID: 'studypulse',
      STUDYPULSE_AUTH_CLIENT_SECRET: 'shh',
      STUDYPULSE_SESSION_SECRET: 'x'.repeat(32),
    })
    expect(hosting.signIn).toEqual({
      clientId: 'studypulse',
      clientSecret: 'shh',
      sessionSecret: 'x'.repeat(32),
    })
    expect(hosting.auth).toMatchObject({ kind: 'oidc', audience: ['studypulse'] })
    expect(hostedAccess(hosting)).toBeDefined()
  })

  test('without a client id there is no browser sign-in: bearer tokens only, as before', async () => {
    const hosting = await hostingFromEnv({ ...base, STUDYPULSE_AUTH_AUDIENCE: 'api' })
    expect(hosting.signIn).toBeUndefined()
  })

  test('a short session secret, or a client id with the proxy, is refused at start-up', async () => {
    const short = await hostingFromEnv({
      ...base,
      STUDYPULSE_AUTH_CLIENT_ID: 'studypulse',
      STUDYPULSE_SESSION_SECRET: 'short',
    })
    expect(() => hostedAccess(short)).toThrow(AppServerError)
    const proxied = await hostingFromEnv({
      STUDYPULSE_AUTH_MODE: 'proxy',
      STUDYPULSE_PUBLIC_ORIGIN: 'https://study.example.edu',
      STUDYPULSE_AUTH_CLIENT_ID: 'studypulse',
    })
    // The proxy signs people in itself: the client id is not taken up.
    expect(proxied.signIn).toBeUndefined()
  })
})
