import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AppServerError } from '../../app/server/AppServerError.ts'
import { createAppHandler, createAppServer } from '../../app/server/createAppServer.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

// A page on a Vite dev server (another port) is allowed by configuration; any other origin is not.
const devServer = 'http://localhost:5173'
const stranger = 'http://localhost:5174'
const addTask = 'add a task to review chapter 3 by Friday, importance 4'

let h: AppHarness
afterEach(() => h?.dispose())

const fromOrigin = (origin: string) => ({
  host: `127.0.0.1:${h.server.port}`,
  origin,
  // What a browser sends for a page on another port of the same host.
  'sec-fetch-site': 'same-site',
  'x-studypulse-token': h.server.token,
  'content-type': 'application/json',
})

const decide = (runId: string, confirmationId: string, origin: string) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path: `/api/runs/${runId}/confirmations`,
    headers: fromOrigin(origin),
    body: JSON.stringify({ confirmationId, decision: 'allow' }),
  })

describe('allowedOrigins: a page served elsewhere, allowed by configuration only', () => {
  it('an allowed origin can start a run, read it and decide its card; the answers are shared with it', async () => {
    h = await startHarness({ allowedOrigins: [devServer] })
    const started = await rawRequest(h.server.port, {
      method: 'POST',
      path: '/api/runs',
      headers: fromOrigin(devServer),
      body: JSON.stringify({ input: addTask }),
    })
    expect(started.status).toBe(201)
    expect(started.headers['access-control-allow-origin']).toBe(devServer)
    const runId = started.json().runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation')
    const pending = h.runtime.view(runId).pending
    expect(await h.tasksFile()).not.toContain('Review chapter 3')

    const decided = await decide(runId, pending?.confirmationId ?? '', devServer)
    expect(decided.status).toBe(200)
    expect(decided.headers['access-control-allow-origin']).toBe(devServer)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    expect(await h.tasksFile()).toContain('Review chapter 3')
  })

  it('an origin not allowed gets 403 forbidden_origin, no CORS header, and nothing is decided', async () => {
    h = await startHarness({ allowedOrigins: [devServer] })
    const { runId, confirmationId } = await runToCard(h, addTask)
    const before = await h.tasksFile()
    const refused = await decide(runId, confirmationId, stranger)
    expect(refused.status).toBe(403)
    expect(refused.json().error?.code).toBe('forbidden_origin')
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(await h.tasksFile()).toBe(before)
  })

  it('without configuration the dev server is a stranger too', async () => {
    h = await startHarness()
    const { runId, confirmationId } = await runToCard(h, addTask)
    const refused = await decide(runId, confirmationId, devServer)
    expect(refused.status).toBe(403)
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
  })

  it('answers the preflight of an allowed origin only, naming the token header', async () => {
    h = await startHarness({ allowedOrigins: [devServer] })
    const preflight = (origin: string) =>
      rawRequest(h.server.port, {
        method: 'OPTIONS',
        path: '/api/runs',
        headers: {
          host: `127.0.0.1:${h.server.port}`,
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-studypulse-token',
        },
      })
    const ok = await preflight(devServer)
    expect(ok.status).toBe(204)
    expect(ok.headers['access-control-allow-origin']).toBe(devServer)
    expect(ok.headers['access-control-allow-headers']).toContain('x-studypulse-token')
    const refused = await preflight(stranger)
    expect(refused.status).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses `*` and anything else that is not one exact origin, at creation', async () => {
    h = await startHarness()
    for (const origin of ['*', 'null', 'http://localhost:5173/', 'localhost:5173', 'file://x']) {
      expect(() => createAppHandler({ runtime: h.runtime, allowedOrigins: [origin] })).toThrow(
        AppServerError,
      )
    }
  })

  it('a handler mounted in a server of your own guards the same way', async () => {
    h = await startHarness()
    const handler = createAppHandler({ runtime: h.runtime, allowedOrigins: [devServer] })
    const server = createServer(handler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const get = (token: string) =>
        rawRequest(port, {
          path: '/api/policies',
          headers: { host: `localhost:${port}`, 'x-studypulse-token': token },
        })
      expect((await get(handler.token)).status).toBe(200)
      expect((await get('wrong')).json().error?.code).toBe('invalid_token')
      const rebound = await rawRequest(port, {
        path: '/api/policies',
        headers: { host: `evil.example:${port}`, 'x-studypulse-token': handler.token },
      })
      expect(rebound.status).toBe(403)
      // No page folder given: only the API answers.
      const page = await rawRequest(port, { path: '/', headers: { host: `127.0.0.1:${port}` } })
      expect(page.status).toBe(404)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
    const started = await createAppServer({ runtime: h.runtime, token: 'fixed-dev-token' })
    expect(started.token).toBe('fixed-dev-token')
    await started.close()
  })
})
