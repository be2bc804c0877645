import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

// Ids come from the URL and the body: a path, a NUL byte or a giant string must name nothing,
// answer the same 404 as an unknown run or card, and change nothing (issue 18, point 3).
describe('malformed run and card ids over HTTP', () => {
  let h: AppHarness
  let runId: string
  let confirmationId: string
  let before: string

  beforeEach(async () => {
    h = await startHarness()
    ;({ runId, confirmationId } = await runToCard(h, 'add a task to review chapter 3'))
    before = await h.tasksFile()
  })
  afterEach(() => h.dispose())

  const hostileRunIds = [
    '..%2f..%2fetc',
    'x%00y',
    'a'.repeat(300),
    'r%20un',
    '%E2%80%AE',
    '%5C..%5C',
  ]

  it.each(hostileRunIds)('GET /api/runs/%s/events is 404 run_not_found', async (id) => {
    const res = await rawRequest(h.server.port, {
      method: 'GET',
      path: `/api/runs/${id}/events`,
      headers: h.pageHeaders(),
    })
    expect(res.status).toBe(404)
    expect(res.json().error?.code).toBe('run_not_found')
  })

  it('a run id of ".." leaves the run routes: 404, and no file is read', async () => {
    const res = await rawRequest(h.server.port, {
      method: 'GET',
      path: '/api/runs/%2e%2e/events',
      headers: h.pageHeaders(),
    })
    expect(res.status).toBe(404)
  })

  it.each(hostileRunIds)('POST /api/runs/%s/confirmations is 404 run_not_found', async (id) => {
    const res = await rawRequest(h.server.port, {
      method: 'POST',
      path: `/api/runs/${id}/confirmations`,
      headers: h.pageHeaders(),
      body: JSON.stringify({ confirmationId, decision: 'allow' }),
    })
    expect(res.status).toBe(404)
    expect(res.json().error?.code).toBe('run_not_found')
    expect(await h.tasksFile()).toBe(before)
  })

  it.each(['x\u0000y', '../../etc/passwd', 'a'.repeat(300), ''])(
    'a card id %j is refused (confirmation_not_found or invalid_request), and the card stays open',
    async (bad) => {
      const res = await rawRequest(h.server.port, {
        method: 'POST',
        path: `/api/runs/${runId}/confirmations`,
        headers: h.pageHeaders(),
        body: JSON.stringify({ confirmationId: bad, decision: 'allow' }),
      })
      expect([400, 409]).toContain(res.status)
      expect(['confirmation_not_found', 'invalid_request']).toContain(res.json().error?.code)
      expect(await h.tasksFile()).toBe(before)
      expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    },
  )

  it('a digest with a NUL byte is refused as for another call, and the card stays open', async () => {
    const res = await rawRequest(h.server.port, {
      method: 'POST',
      path: `/api/runs/${runId}/confirmations`,
      headers: h.pageHeaders(),
      body: JSON.stringify({
        confirmationId,
        decision: 'allow',
        digest: `${'0'.repeat(63)}\u0000`,
      }),
    })
    expect([400, 409]).toContain(res.status)
    expect(['confirmation_not_found', 'invalid_request']).toContain(res.json().error?.code)
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
  })
})
