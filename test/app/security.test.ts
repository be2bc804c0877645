import { networkInterfaces } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'

describe('the local server refuses what is not the page itself, and changes nothing', () => {
  let h: AppHarness
  let runId: string
  let confirmationId: string
  let before: string

  beforeEach(async () => {
    h = await startHarness()
    ;({ runId, confirmationId } = await runToCard(h, addTask))
    before = await h.tasksFile()
  })
  afterEach(() => h.dispose())

  const confirm = (headers: Record<string, string>, body?: string) =>
    rawRequest(h.server.port, {
      method: 'POST',
      path: `/api/runs/${runId}/confirmations`,
      headers,
      body: body ?? JSON.stringify({ confirmationId, decision: 'allow' }),
    })

  const expectUnchanged = async () => {
    expect(await h.tasksFile()).toBe(before)
    expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
  }

  it('accepts the page’s own request (the checks can pass), and only then writes', async () => {
    await expectUnchanged()
    const res = await confirm(h.pageHeaders())
    expect(res.status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    expect(await h.tasksFile()).not.toBe(before)
    expect((await h.workspace.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
  })

  it('refuses a cross-origin POST even with the right token', async () => {
    const res = await confirm(h.pageHeaders({ origin: 'http://evil.example' }))
    expect(res.status).toBe(403)
    expect(res.json().error?.code).toBe('forbidden_origin')
    await expectUnchanged()
  })

  it('refuses a POST with no Origin, or from another port of this machine', async () => {
    const headers = h.pageHeaders()
    delete headers.origin
    expect((await confirm(headers)).status).toBe(403)
    const otherPort = `http://127.0.0.1:${h.server.port + 1}`
    expect((await confirm(h.pageHeaders({ origin: otherPort }))).status).toBe(403)
    await expectUnchanged()
  })

  it('refuses a request the browser marks as cross-site', async () => {
    const res = await confirm(h.pageHeaders({ 'sec-fetch-site': 'cross-site' }))
    expect(res.status).toBe(403)
    await expectUnchanged()
  })

  it('a page left open across a restart is told StudyPulse restarted, and its card works after a reload', async () => {
    const oldHeaders = h.pageHeaders()
    h = await h.restart({ port: h.server.port })
    const refused = await confirm({ ...oldHeaders })
    expect(refused.status).toBe(403)
    expect(refused.json().error).toEqual({
      code: 'stale_token',
      message:
        'StudyPulse restarted since this page was loaded, so its app token is no longer valid: reload the page',
    })
    // What a reload does: the page again, with the new launch's token in it.
    const page = await rawRequest(h.server.port, {
      path: '/',
      headers: { host: oldHeaders.host as string },
    })
    expect(page.body).toContain(h.server.token)
    const allowed = await confirm(h.pageHeaders())
    expect(allowed.status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    expect((await h.workspace.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
  })

  it('refuses a missing or wrong token, for commands and for reads', async () => {
    const missing = h.pageHeaders()
    delete missing['x-studypulse-token']
    const wrong = h.pageHeaders({ 'x-studypulse-token': `${h.server.token.slice(0, -1)}x` })
    const garbage = h.pageHeaders({ 'x-studypulse-token': 'not a token' })
    // A token shaped like a launch's may be an earlier launch's: refused all the same.
    for (const [headers, code] of [
      [missing, 'invalid_token'],
      [wrong, 'stale_token'],
      [garbage, 'invalid_token'],
    ] as const) {
      const res = await confirm(headers)
      expect(res.status).toBe(403)
      expect(res.json().error?.code).toBe(code)
      const read = await rawRequest(h.server.port, { path: '/api/workspace/tasks', headers })
      expect(read.status).toBe(403)
      expect(read.body).not.toContain('Review lecture 1 notes')
      const stream = await rawRequest(h.server.port, { path: `/api/runs/${runId}/events`, headers })
      expect(stream.status).toBe(403)
    }
    await expectUnchanged()
  })

  it('refuses a foreign Host on every request: page, reads, stream and commands (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${h.server.port}`, '127.0.0.1:1']) {
      const headers = h.pageHeaders({ host })
      const page = await rawRequest(h.server.port, { path: '/', headers })
      expect(page.status).toBe(403)
      expect(page.body).not.toContain(h.server.token)
      const read = await rawRequest(h.server.port, { path: '/api/workspace/tasks', headers })
      expect(read.status).toBe(403)
      const stream = await rawRequest(h.server.port, {
        path: `/api/runs/${runId}/events?token=${h.server.token}`,
        headers,
      })
      expect(stream.status).toBe(403)
      const res = await confirm(headers)
      expect(res.status).toBe(403)
      expect(res.json().error?.code).toBe('forbidden_host')
    }
    await expectUnchanged()
  })

  it('serves the page with the token only to its own Host, and forbids framing', async () => {
    const page = await rawRequest(h.server.port, {
      path: '/',
      headers: { host: `localhost:${h.server.port}` },
    })
    expect(page.status).toBe(200)
    expect(page.body).toContain(`content="${h.server.token}"`)
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
  })

  it('refuses an oversized body with 413', async () => {
    const body = JSON.stringify({ confirmationId, decision: 'allow', pad: 'x'.repeat(70 * 1024) })
    const res = await confirm(h.pageHeaders(), body)
    expect(res.status).toBe(413)
    expect(res.json().error?.code).toBe('body_too_large')
    await expectUnchanged()
  })

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const res = await confirm(
      h.pageHeaders(),
      `{"confirmationId": "${confirmationId}", "decision": "allow"`,
    )
    expect(res.status).toBe(400)
    expect(res.json().error).toEqual({ code: 'invalid_json', message: expect.any(String) })
    await expectUnchanged()
  })

  it('refuses a schema-invalid body with 400 invalid_request and says what is wrong', async () => {
    for (const body of [
      { confirmationId, decision: 'yes please' },
      { confirmationId, decision: 'allow', toolName: 'delete_task' },
      { decision: 'allow' },
      [confirmationId, 'allow'],
    ]) {
      const res = await confirm(h.pageHeaders(), JSON.stringify(body))
      expect(res.status).toBe(400)
      expect(res.json().error?.code).toBe('invalid_request')
      expect(res.json().error?.message).not.toBe('')
    }
    await expectUnchanged()
  })

  it('refuses a body that is not JSON-typed (a plain form post) with 415', async () => {
    const res = await confirm(h.pageHeaders({ 'content-type': 'text/plain' }))
    expect(res.status).toBe(415)
    await expectUnchanged()
  })

  it('refuses a confirmation id that belongs to another run (409, both runs untouched)', async () => {
    const other = await runToCard(h, 'add a task to read chapter 4, importance 2')
    const res = await confirm(
      h.pageHeaders(),
      JSON.stringify({ confirmationId: other.confirmationId, decision: 'allow' }),
    )
    expect(res.status).toBe(409)
    expect(res.json().error?.code).toBe('confirmation_not_found')
    expect(h.runtime.view(other.runId).pending?.confirmationId).toBe(other.confirmationId)
    await expectUnchanged()
  })

  it('guards the new commands the same way: edit, remember and revoke need token, Origin and Host', async () => {
    const editBody = JSON.stringify({ confirmationId, arguments: { title: 'Hijacked' } })
    const rememberBody = JSON.stringify({ confirmationId, decision: 'allow', remember: 'session' })
    const missingToken = h.pageHeaders()
    delete missingToken['x-studypulse-token']
    for (const headers of [
      h.pageHeaders({ origin: 'http://evil.example' }),
      h.pageHeaders({ host: 'evil.example' }),
      missingToken,
    ]) {
      const edited = await rawRequest(h.server.port, {
        method: 'POST',
        path: `/api/runs/${runId}/edit`,
        headers,
        body: editBody,
      })
      expect(edited.status).toBe(403)
      expect((await confirm(headers, rememberBody)).status).toBe(403)
      const rules = await rawRequest(h.server.port, { path: '/api/policies', headers })
      expect(rules.status).toBe(
        headers === missingToken || headers.host === 'evil.example' ? 403 : 200,
      )
    }
    const plain = await rawRequest(h.server.port, {
      method: 'POST',
      path: `/api/runs/${runId}/edit`,
      headers: h.pageHeaders({ 'content-type': 'text/plain' }),
      body: editBody,
    })
    expect(plain.status).toBe(415)
    expect(h.runtime.policies.list()).toEqual([])
    expect(
      h.runtime.view(runId).events.filter((e) => e.kind === 'confirmationRequired'),
    ).toHaveLength(1)
    await expectUnchanged()
  })

  it('answers 404 with a JSON error for an unknown run', async () => {
    const res = await rawRequest(h.server.port, {
      method: 'POST',
      path: '/api/runs/no-such-run/input',
      headers: h.pageHeaders(),
      body: JSON.stringify({ text: 'hello' }),
    })
    expect(res.status).toBe(404)
    expect(res.json().error?.code).toBe('run_not_found')
    await expectUnchanged()
  })

  const outward = Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address
  // Without a non-loopback interface there is no other address to try.
  it.skipIf(outward === undefined)(
    'listens on 127.0.0.1 only: another interface gets no answer',
    async () => {
      const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
        import('node:net').then(({ connect }) => {
          const socket = connect(h.server.port, outward as string)
          socket.on('connect', () => {
            socket.destroy()
            resolve(Object.assign(new Error('connected'), { code: 'CONNECTED' }))
          })
          socket.on('error', resolve)
        })
      })
      expect(error.code).toBe('ECONNREFUSED')
    },
  )
})
