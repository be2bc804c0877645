import { afterEach, describe, expect, test } from 'vitest'
import { AppServerError } from '../../../app/server/AppServerError.ts'
import { createAppServer } from '../../../app/server/createAppServer.ts'
import { type AppHarness, rawRequest, startHarness } from '../appHarness.ts'

const publicHost = 'study.example.edu'
const harnesses: AppHarness[] = []
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose()
})

// The app behind an oauth2-proxy style proxy at `proxies`; the test connects from 127.0.0.1.
async function behindProxy(proxies: string[]) {
  const h = await startHarness({
    hosted: {
      publicOrigin: `https://${publicHost}`,
      auth: { kind: 'proxy' },
      trustedProxies: proxies,
    },
  })
  harnesses.push(h)
  return h
}

const asAlice = {
  host: publicHost,
  origin: `https://${publicHost}`,
  'x-forwarded-user': 'alice',
  'x-forwarded-preferred-username': 'Alice',
  'x-forwarded-groups': 'students,reviewers',
  'content-type': 'application/json',
}

describe('an authenticating proxy names the user, and only the configured proxy may', () => {
  test('from the proxy’s address the headers sign Alice in', async () => {
    const h = await behindProxy(['127.0.0.1/32'])
    const me = await rawRequest(h.server.port, { path: '/api/me', headers: asAlice })
    expect(me.status).toBe(200)
    expect(me.json()).toMatchObject({
      id: 'alice',
      name: 'Alice',
      groups: ['students', 'reviewers'],
    })
    const started = await rawRequest(h.server.port, {
      method: 'POST',
      path: '/api/runs',
      headers: asAlice,
      body: JSON.stringify({ input: 'what are my tasks?' }),
    })
    expect(started.status).toBe(201)
  })

  test('the groups header is split on commas only, the one separator: a space is part of a name', async () => {
    const h = await behindProxy(['127.0.0.1/32'])
    const me = await rawRequest(h.server.port, {
      path: '/api/me',
      headers: { ...asAlice, 'x-forwarded-groups': 'students, former reviewers ,,study group' },
    })
    expect(me.status).toBe(200)
    expect(me.json().groups).toEqual(['students', 'former reviewers', 'study group'])
  })

  test('a repeated identity header is refused (401), never merged into one', async () => {
    const h = await behindProxy(['127.0.0.1/32'])
    const repeats: Record<string, string[]> = {
      'x-forwarded-user': ['mallory', 'alice'],
      'x-forwarded-groups': ['students', 'reviewers'],
      'x-forwarded-preferred-username': ['Mallory', 'Alice'],
    }
    for (const [header, values] of Object.entries(repeats)) {
      const me = await rawRequest(h.server.port, {
        path: '/api/me',
        headers: { ...asAlice, [header]: values },
      })
      expect(me.status).toBe(401)
      expect(me.json().error?.message).toMatch(new RegExp(`${header} more than once`))
      const started = await rawRequest(h.server.port, {
        method: 'POST',
        path: '/api/runs',
        headers: { ...asAlice, [header]: values },
        body: JSON.stringify({ input: 'what are my tasks?' }),
      })
      expect(started.status).toBe(401)
    }
    expect(h.runtime.runIds()).toEqual([])
    // Each header once signs in as before.
    expect((await rawRequest(h.server.port, { path: '/api/me', headers: asAlice })).status).toBe(
      200,
    )
  })

  test('the same headers from an address that is not the proxy are refused, and nothing changes', async () => {
    const h = await behindProxy(['10.0.0.7'])
    const tasks = await h.tasksFile()
    const me = await rawRequest(h.server.port, { path: '/api/me', headers: asAlice })
    expect(me.status).toBe(401)
    expect(me.json().error?.code).toBe('unauthenticated')
    const started = await rawRequest(h.server.port, {
      method: 'POST',
      path: '/api/runs',
      headers: asAlice,
      body: JSON.stringify({ input: 'what are my tasks?' }),
    })
    expect(started.status).toBe(401)
    expect(h.runtime.runIds()).toEqual([])
    expect(await h.tasksFile()).toBe(tasks)
  })

  test('a state-changing request must come from the public origin: the proxy’s cookie rides along anywhere', async () => {
    const h = await behindProxy(['127.0.0.1'])
    for (const origin of [undefined, 'https://evil.example', `http://${publicHost}`]) {
      const headers: Record<string, string> = { ...asAlice }
      if (origin === undefined) delete headers.origin
      else headers.origin = origin
      const started = await rawRequest(h.server.port, {
        method: 'POST',
        path: '/api/runs',
        headers,
        body: JSON.stringify({ input: 'hello' }),
      })
      expect(started.status).toBe(403)
      expect(started.json().error?.code).toBe('forbidden_origin')
    }
    expect(h.runtime.runIds()).toEqual([])
  })

  test('Host is the public origin’s; X-Forwarded-Host counts only from the proxy', async () => {
    const direct = await behindProxy(['10.0.0.7'])
    const rebound = await rawRequest(direct.server.port, {
      path: '/api/me',
      headers: { ...asAlice, host: 'evil.example', 'x-forwarded-host': publicHost },
    })
    expect(rebound.status).toBe(403)
    expect(rebound.json().error?.code).toBe('forbidden_host')
    const proxied = await behindProxy(['127.0.0.1'])
    const rewritten = await rawRequest(proxied.server.port, {
      path: '/api/me',
      headers: { ...asAlice, host: 'app:4317', 'x-forwarded-host': publicHost },
    })
    expect(rewritten.status).toBe(200)
  })

  test('the single-user app’s launch token means nothing in hosted mode', async () => {
    const h = await behindProxy(['10.0.0.7'])
    const answer = await rawRequest(h.server.port, {
      path: '/api/me',
      headers: { host: publicHost, 'x-studypulse-token': h.server.token },
    })
    expect(answer.status).toBe(401)
  })
})

describe('hosted mode is off by default and cannot be half on', () => {
  test('the app refuses to listen beyond loopback without sign-in, and says so', async () => {
    const h = await startHarness()
    harnesses.push(h)
    const refused = createAppServer({ runtime: h.runtime, host: '0.0.0.0' })
    await expect(refused).rejects.toThrow(AppServerError)
    await expect(refused).rejects.toMatchObject({ code: 'auth_required' })
    await expect(refused).rejects.toThrow(/will not listen on 0\.0\.0\.0 without sign-in/)
  })

  test('sign-in without a public origin, and proxy sign-in without proxies, are refused', async () => {
    const h = await startHarness()
    harnesses.push(h)
    await expect(
      createAppServer({
        runtime: h.runtime,
        auth: { kind: 'proxy' },
        trustedProxies: ['10.0.0.1'],
      }),
    ).rejects.toMatchObject({ code: 'public_origin_required' })
    await expect(
      createAppServer({
        runtime: h.runtime,
        auth: { kind: 'proxy' },
        publicOrigin: 'https://study.example.edu',
      }),
    ).rejects.toMatchObject({ code: 'invalid_auth' })
    await expect(
      createAppServer({
        runtime: h.runtime,
        auth: { kind: 'oidc', issuer: 'https://x.example', audience: 'a', algorithms: ['HS256'] },
        publicOrigin: 'https://study.example.edu',
      }),
    ).rejects.toMatchObject({ code: 'invalid_auth' })
    for (const publicOrigin of ['study.example.edu', 'https://study.example.edu/app', '*'])
      await expect(
        createAppServer({
          runtime: h.runtime,
          auth: { kind: 'proxy' },
          trustedProxies: ['10.0.0.1'],
          publicOrigin,
        }),
      ).rejects.toMatchObject({ code: 'invalid_public_origin' })
  })
})
