import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { freshDatabase } from '../../helpers/postgres.ts'
import { type AppHarness, startIn } from '../appHarness.ts'
import { startIssuer, type TestIssuer } from './oidcIssuer.ts'
import { ScriptedBrowser, type Seen } from './scriptedBrowser.ts'

// One public origin (TLS ends in front of the nodes) served by two nodes over one PostgreSQL.
const origin = 'https://study.example.edu'
const host = 'study.example.edu'
const sessionCookie = '__Host-studypulse-session'

let issuer: TestIssuer
let a: AppHarness
let b: AppHarness
let pool: pg.Pool
// Which node the "load balancer" sends the next request for the public origin to.
let via: AppHarness

beforeAll(async () => {
  issuer = await startIssuer({
    appOrigins: [origin],
    people: {
      alice: { name: 'Alice', groups: ['reviewers'] },
      bob: { name: 'Bob', groups: ['students'] },
    },
  })
  const db = await freshDatabase()
  pool = db.pool()
  const node = async (name: string) =>
    startIn(await mkdtemp(join(tmpdir(), `studypulse-signin-${name}-`)), {
      env: { STUDYPULSE_DATABASE_URL: db.url },
      hosted: {
        publicOrigin: origin,
        auth: { kind: 'oidc', issuer: issuer.url, audience: issuer.clientId },
        signIn: {
          clientId: issuer.clientId,
          clientSecret: issuer.clientSecret,
          sessionSecret: 'the-same-session-secret-on-every-node',
        },
      },
    })
  a = await node('a')
  b = await node('b')
  via = a
}, 120_000)
afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await issuer?.close()
})
beforeEach(() => {
  via = a
  delete issuer.tamper
})

const browser = () =>
  new ScriptedBrowser((o) => (o === origin ? via.server.port : Number(new URL(o).port)))
const sessions = async () =>
  (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM studypulse.sessions')).rows[0]?.n
const json = (seen: Seen) => JSON.parse(seen.body) as Record<string, unknown>

// The issuer's answer to the app's callback, held: the test may change it before the app sees it.
async function heldCallback(who: ScriptedBrowser, login: string): Promise<URL> {
  who.hold = (next) => next.pathname === '/auth/callback'
  const held = await who.signInAtIssuer(await who.navigate(`${origin}/`), login)
  delete who.hold
  expect(held.status).toBe(303)
  return new URL(String(held.headers.location))
}

// A person signed in the whole way: page → issuer → login and consent → callback → page.
async function signedIn(login: string): Promise<ScriptedBrowser> {
  const who = browser()
  const page = await who.signInAtIssuer(await who.navigate(`${origin}/`), login)
  expect(page.status).toBe(200)
  expect(page.url).toBe(`${origin}/`)
  return who
}
const pageToken = (page: Seen) =>
  /name="studypulse-token" content="([^"]+)"/.exec(page.body)?.[1] ?? ''

describe('browser sign-in: the authorization code flow with PKCE against oidc-provider', () => {
  test('a page request without a session is a 302 to the issuer with S256, state and nonce; an API request stays a 401', async () => {
    const who = browser()
    const seen = await who.send(`${origin}/`)
    expect(seen.status).toBe(302)
    const to = new URL(String(seen.headers.location))
    expect(`${to.origin}${to.pathname}`).toBe(`${issuer.url}/auth`)
    const q = to.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('scope')?.split(' ')).toContain('openid')
    expect(q.get('client_id')).toBe(issuer.clientId)
    expect(q.get('redirect_uri')).toBe(`${origin}/auth/callback`)
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(q.get('state')).not.toBe(q.get('nonce'))
    const cookie = String(seen.headers['set-cookie'])
    expect(cookie).toMatch(/^__Host-studypulse-signin=/)
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Secure/)
    // Nothing of the verifier is in the cookie as text: it is sealed.
    expect(decodeURIComponent(cookie)).not.toContain(q.get('state'))

    const api = await who.send(`${origin}/api/runs`)
    expect(api.status).toBe(401)
    expect(api.headers['content-type']).toMatch(/application\/json/)
    expect(api.headers.location).toBeUndefined()
    expect(JSON.parse(api.body).error.code).toBe('unauthenticated')
  })

  test('Alice signs in through the login page; her session cookie works on both nodes, and no token reaches the page', async () => {
    const before = await sessions()
    const alice = await signedIn('alice')
    expect(await sessions()).toBe((before ?? 0) + 1)
    const id = alice.cookie(host, sessionCookie)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const node of [a, b]) {
      via = node
      const me = await alice.send(`${origin}/api/me`)
      expect(me.status).toBe(200)
      expect(json(me)).toMatchObject({ signedIn: true, id: 'alice', name: 'Alice' })
      expect(json(me).groups).toEqual(['reviewers'])
    }
    const page = await alice.send(`${origin}/`)
    expect(page.body).not.toMatch(/eyJ[A-Za-z0-9_-]+\./) // no JWT of any kind
    expect(page.url).not.toMatch(/code=|token=/)
  })

  test('open redirect: a return path with a tab (`/\\t/evil.example`) signs in to this app’s home page, not to another site', async () => {
    const who = browser()
    who.hold = (next) => next.pathname === '/auth/callback'
    const login = await who.navigate(`${origin}/auth/login?return=%2F%09%2Fevil.example%2Fx`)
    const held = await who.signInAtIssuer(login, 'alice')
    delete who.hold
    const answer = await who.send(new URL(String(held.headers.location)).href)
    expect(answer.status).toBe(302)
    // Browsers drop the tab: `/\t/evil.example/x` would open https://evil.example/x.
    expect(answer.headers.location).toBe('/')
    expect(new URL(String(answer.headers.location), origin).origin).toBe(origin)
  })

  test('a callback with a wrong state is refused and makes no session', async () => {
    const who = browser()
    const callback = await heldCallback(who, 'alice')
    callback.searchParams.set('state', 'not-the-state-we-sent')
    const before = await sessions()
    const answer = await who.send(callback.href)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatch(/state/i)
    expect(await sessions()).toBe(before)
    expect(who.cookie(host, sessionCookie)).toBeUndefined()
  })

  test('a replayed code is refused and makes no session', async () => {
    const who = browser()
    const callback = await heldCallback(who, 'alice')
    // The sign-in cookie as it was, kept by an attacker who saw the callback's URL too.
    const signInCookie = who.cookie(host, '__Host-studypulse-signin') ?? ''
    expect((await who.send(callback.href)).status).toBe(302)
    const after = await sessions()
    const replay = browser()
    replay.jar.set(host, new Map([['__Host-studypulse-signin', signInCookie]]))
    const answer = await replay.send(callback.href)
    expect(answer.status).toBe(400)
    // Refused by the issuer itself: the code was spent (the sealed cookie was still good).
    expect(answer.body).toMatch(/invalid_grant|grant request is invalid/)
    expect(await sessions()).toBe(after)
    expect(replay.cookie(host, sessionCookie)).toBeUndefined()
  })

  test.each([
    ['a wrong nonce', { nonce: 'someone-elses-nonce' }, /nonce/i],
    ['another audience', { aud: 'another-app' }, /aud/i],
  ])(
    'an ID token with %s (signed by the issuer) is refused and makes no session',
    async (_, change, why) => {
      const who = browser()
      const callback = await heldCallback(who, 'bob')
      issuer.tamper = (claims) => ({ ...claims, ...change })
      const before = await sessions()
      const answer = await who.send(callback.href)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatch(why)
      expect(await sessions()).toBe(before)
      expect(who.cookie(host, sessionCookie)).toBeUndefined()
    },
  )

  test('CSRF: a cross-site form post with the session cookie changes nothing; the page’s token is needed too', async () => {
    const alice = await signedIn('alice')
    const runsBefore = [...a.runtime.runIds(), ...b.runtime.runIds()].length
    const forged = await alice.send(`${origin}/api/runs`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'input=delete+everything',
    })
    expect(forged.status).toBe(403)
    // Same origin but without the page's token (what a sibling page or a stolen cookie has).
    const tokenless = await alice.send(`${origin}/api/runs`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'what are my tasks?' }),
    })
    expect(tokenless.status).toBe(403)
    expect(JSON.parse(tokenless.body).error.code).toBe('csrf_refused')
    expect([...a.runtime.runIds(), ...b.runtime.runIds()]).toHaveLength(runsBefore)
    // The page's own request, with the token it was served with, goes through.
    const token = pageToken(await alice.send(`${origin}/`))
    const started = await alice.send(`${origin}/api/runs`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-studypulse-token': token },
      body: JSON.stringify({ input: 'what are my tasks?' }),
    })
    expect(started.status).toBe(201)
  })

  test('sign-out ends the session on every node and sends the page to the issuer’s sign-out', async () => {
    const bob = await signedIn('bob')
    const token = pageToken(await bob.send(`${origin}/`))
    const kept = bob.cookie(host, sessionCookie) ?? ''
    via = b
    // Another site cannot sign him out: neither by a form post nor without the page's token.
    const forgeries: Record<string, string>[] = [
      { origin: 'https://evil.example', 'x-studypulse-token': token },
      { origin },
    ]
    for (const headers of forgeries) {
      const forged = await bob.send(`${origin}/auth/logout`, { method: 'POST', headers })
      expect(forged.status).toBe(403)
      expect(bob.cookie(host, sessionCookie)).toBe(kept)
      expect((await bob.send(`${origin}/api/me`)).status).toBe(200)
    }
    const out = await bob.send(`${origin}/auth/logout`, {
      method: 'POST',
      headers: { origin, 'x-studypulse-token': token },
    })
    expect(out.status).toBe(200)
    const next = new URL(String(json(out).next))
    expect(`${next.origin}${next.pathname}`).toBe(`${issuer.url}/session/end`)
    expect(next.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/signed-out`)
    expect(bob.cookie(host, sessionCookie)).toBeUndefined()
    // The old cookie, replayed on either node, is refused.
    for (const node of [a, b]) {
      via = node
      const replay = browser()
      replay.jar.set(host, new Map([[sessionCookie, kept]]))
      const me = await replay.send(`${origin}/api/me`)
      expect(me.status).toBe(401)
      expect((await replay.send(`${origin}/`)).status).toBe(302)
    }
  })
})
