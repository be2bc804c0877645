import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import { type AppHarness, rawRequest, startHarness } from '../appHarness.ts'
import { type IssuerKey, issuerKey, type JwksServer, serveJwks, signToken } from './jwksServer.ts'

const issuer = 'https://login.example.edu/realms/study'
const audience = 'studypulse'
const publicHost = 'study.example.edu'
const now = () => Math.floor(Date.now() / 1000)
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const rules: ApprovalRules = {
  version: 1,
  rules: [
    {
      name: 'destructive needs a reviewer',
      levels: ['destructive'],
      approvers: { groups: ['reviewers'] },
      fourEyes: true,
    },
  ],
}

let jwks: JwksServer
let h: AppHarness
let k1: IssuerKey
let k2: IssuerKey

beforeAll(async () => {
  k1 = await issuerKey('k1')
  k2 = await issuerKey('k2')
  jwks = await serveJwks([k1])
  h = await startHarness({
    hosted: {
      publicOrigin: `https://${publicHost}`,
      auth: { kind: 'oidc', issuer, audience, jwksUrl: jwks.url, jwksCooldownMs: 0 },
    },
    approvalRules: rules,
  })
})
afterAll(async () => {
  await h?.dispose()
  await jwks?.close()
})

const claims = (extra: Record<string, unknown> = {}) => ({
  iss: issuer,
  aud: audience,
  sub: 'alice',
  name: 'Alice',
  groups: ['students'],
  exp: now() + 600,
  ...extra,
})

// A run started with `token`, as an API client at the public origin would (no Origin: a bearer).
const startRun = (token: string) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path: '/api/runs',
    headers: {
      host: publicHost,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ input: 'what are my tasks?' }),
  })

const me = (token: string) =>
  rawRequest(h.server.port, {
    path: '/api/me',
    headers: { host: publicHost, authorization: `Bearer ${token}` },
  })

// Each refused with 401, the same challenge, and nothing changed: no run, the tasks as they were.
async function expectRefused(token: string, why: RegExp) {
  const runsBefore = h.runtime.runIds().length
  const tasksBefore = await h.tasksFile()
  const started = await startRun(token)
  expect(started.status).toBe(401)
  expect(started.json().error?.code).toBe('unauthenticated')
  expect(started.json().error?.message).toMatch(why)
  expect(started.headers['www-authenticate']).toMatch(/^Bearer /)
  expect((await me(token)).status).toBe(401)
  expect(h.runtime.runIds()).toHaveLength(runsBefore)
  expect(await h.tasksFile()).toBe(tasksBefore)
}

describe('OpenID Connect bearer tokens, checked against the issuer’s JWKS on 127.0.0.1', () => {
  test('a valid token signs Alice in: /api/me names her, and her run is hers', async () => {
    const token = await signToken(k1, claims())
    const answer = await me(token)
    expect(answer.status).toBe(200)
    const { approvals, ...who } = answer.json()
    expect(who).toEqual({
      signedIn: true,
      id: 'alice',
      name: 'Alice',
      groups: ['students'],
      reviewer: false,
    })
    // What the harness's rules let her approve, truthfully: a student approves no destructive call.
    expect(approvals).toContainEqual(
      expect.objectContaining({ tool: 'delete_task', mayApprove: false }),
    )
    const started = await startRun(token)
    expect(started.status).toBe(201)
    const runId = started.json().runId as string
    expect(h.runtime.view(runId).startedBy).toEqual({ id: 'alice', name: 'Alice' })
  })

  test('a groups claim’s elements are names as the issuer wrote them, never split', async () => {
    for (const groups of [['former reviewers'], ['not,reviewers'], ['students', 'ex reviewers']]) {
      const answer = await me(await signToken(k1, claims({ groups })))
      expect(answer.status).toBe(200)
      expect(answer.json()).toMatchObject({ groups, reviewer: false })
    }
    // A single string is one name too, and the real group still counts.
    const one = await me(await signToken(k1, claims({ groups: 'former reviewers' })))
    expect(one.json()).toMatchObject({ groups: ['former reviewers'], reviewer: false })
    const real = await me(await signToken(k1, claims({ groups: ['reviewers'] })))
    expect(real.json()).toMatchObject({ groups: ['reviewers'], reviewer: true })
  })

  test('no token, and a token that is not a JWT', async () => {
    const none = await rawRequest(h.server.port, { path: '/api/me', headers: { host: publicHost } })
    expect(none.status).toBe(401)
    await expectRefused('not-a-token', /not a valid signed token/)
  })

  test('an expired token (beyond the minute of skew) is refused; one a few seconds past is not', async () => {
    await expectRefused(await signToken(k1, claims({ exp: now() - 3600 })), /expired/)
    expect((await me(await signToken(k1, claims({ exp: now() - 5 })))).status).toBe(200)
  })

  test('a token must carry exp and iat (RFC 9068, OpenID Connect): without either it is refused', async () => {
    await expectRefused(await signToken(k1, claims({ exp: undefined })), /no "exp" claim/)
    await expectRefused(await signToken(k1, claims({ iat: undefined })), /no "iat" claim/)
    // The same claims with both are accepted: the refusal is their absence alone.
    expect((await me(await signToken(k1, claims()))).status).toBe(200)
  })

  test('a token not valid yet is refused', async () => {
    await expectRefused(await signToken(k1, claims({ nbf: now() + 3600 })), /not valid yet/)
  })

  test('a token of another issuer, or for another audience, is refused', async () => {
    await expectRefused(
      await signToken(k1, claims({ iss: 'https://evil.example' })),
      /another issuer/,
    )
    await expectRefused(await signToken(k1, claims({ aud: 'another-app' })), /another audience/)
  })

  test('alg none is refused', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`
    await expectRefused(unsigned, /algorithm is not allowed|not a valid/)
  })

  test('an HS256 token signed with the issuer’s public key is refused', async () => {
    // The old confusion attack: the public key, known to all, used as an HMAC secret.
    const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
    const body = b64(claims({ sub: 'mallory', groups: ['reviewers'] }))
    for (const secret of [JSON.stringify(k1.publicJwk), k1.publicJwk.n as string]) {
      const mac = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')
      await expectRefused(`${header}.${body}.${mac}`, /algorithm is not allowed/)
    }
  })

  test('a token signed by a key the issuer does not publish (unknown kid) is refused', async () => {
    const stranger = await issuerKey('k9')
    await expectRefused(await signToken(stranger, claims()), /no key of the issuer/)
    // A known kid on a stranger's signature is no better.
    await expectRefused(
      await signToken({ ...stranger, kid: 'k1' }, claims()),
      /signature does not verify/,
    )
  })

  test('keys the issuer rotates are picked up: the new key works, the retired one is refused', async () => {
    const before = jwks.fetches
    jwks.published = [k2]
    // A token naming a kid the app has not seen makes it read the key set again.
    expect((await me(await signToken(k2, claims()))).status).toBe(200)
    expect(jwks.fetches).toBeGreaterThan(before)
    await expectRefused(await signToken(k1, claims()), /no key of the issuer/)
  })
})
