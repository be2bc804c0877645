import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { type AppHarness, startHarness } from '../appHarness.ts'
import { startIssuer, type TestIssuer } from './oidcIssuer.ts'
import { ScriptedBrowser, type Seen } from './scriptedBrowser.ts'

const origin = 'https://study.example.edu'
// The issuer's tokens live a minute; the app's clock is moved on past that, the issuer's is not.
const tokenSeconds = 60
let skewMs = 0
let issuer: TestIssuer
let h: AppHarness

beforeAll(async () => {
  issuer = await startIssuer({
    appOrigins: [origin],
    people: { carol: { name: 'Carol', groups: [] }, dan: { name: 'Dan', groups: [] } },
    tokenSeconds,
  })
  // One node on the folder store: its sessions are kept in the process.
  h = await startHarness({
    hosted: {
      publicOrigin: origin,
      auth: { kind: 'oidc', issuer: issuer.url, audience: issuer.clientId },
      signIn: { clientId: issuer.clientId, clientSecret: issuer.clientSecret },
    },
    clock: { now: () => Date.now() + skewMs, timers: { setTimeout, clearTimeout } },
  })
}, 60_000)
afterAll(async () => {
  await h?.dispose()
  await issuer?.close()
})

const browser = () =>
  new ScriptedBrowser((o) => (o === origin ? h.server.port : Number(new URL(o).port)))
const pageToken = (page: Seen) =>
  /name="studypulse-token" content="([^"]+)"/.exec(page.body)?.[1] ?? ''
async function signedIn(login: string): Promise<{ who: ScriptedBrowser; token: string }> {
  const who = new ScriptedBrowser(browser().route)
  const page = await who.signInAtIssuer(await who.navigate(`${origin}/`), login)
  expect(page.status).toBe(200)
  return { who, token: pageToken(page) }
}

describe('a session lasts as long as the issuer says', () => {
  test('without a refresh token it ends with the token; signing in again finds the open card', async () => {
    skewMs = 0
    issuer.refreshTokens = false
    const { who, token } = await signedIn('carol')
    const started = await who.send(`${origin}/api/runs`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-studypulse-token': token },
      body: JSON.stringify({ input: 'add a task to review chapter 3 by Friday, importance 4' }),
    })
    expect(started.status).toBe(201)
    const runId = JSON.parse(started.body).runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation')

    skewMs = (tokenSeconds + 5) * 1000
    const me = await who.send(`${origin}/api/me`)
    expect(me.status).toBe(401)
    expect(JSON.parse(me.body).error.code).toBe('session_expired')
    // The page sends her to sign in again; the issuer still knows her, so no form this time.
    const again = await who.navigate(`${origin}/`)
    expect(again.status).toBe(200)
    const runs = await who.send(`${origin}/api/runs?limit=10`)
    expect(runs.status).toBe(200)
    const listed = (JSON.parse(runs.body).runs as { runId: string; status: string }[]).find(
      (r) => r.runId === runId,
    )
    expect(listed?.status).toBe('awaitingConfirmation')
    expect(h.runtime.view(runId).pending).toBeDefined()
  })

  test('with a refresh token the app refreshes it at the issuer, once, and the session goes on', async () => {
    skewMs = 0
    issuer.refreshTokens = true
    const { who } = await signedIn('dan')
    const asked = issuer.tokenRequests
    skewMs = (tokenSeconds + 5) * 1000
    const me = await who.send(`${origin}/api/me`)
    expect(me.status).toBe(200)
    expect(JSON.parse(me.body).id).toBe('dan')
    expect(issuer.tokenRequests).toBe(asked + 1)
    expect((await who.send(`${origin}/api/me`)).status).toBe(200)
    expect(issuer.tokenRequests).toBe(asked + 1)
  })
})
