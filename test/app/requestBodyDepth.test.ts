// A request body that nests deeper than any call's arguments may is refused where it is read,
// before anything canonicalises or digests it (#50 finding 9).
import { afterEach, describe, expect, it } from 'vitest'
import { maxBodyDepth } from '../../app/server/readJsonBody.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, startHarness } from './appHarness.ts'

let h: AppHarness
afterEach(async () => {
  await h?.dispose()
})

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
const post = (path: string, body: string) =>
  rawRequest(h.server.port, { method: 'POST', path, headers: h.pageHeaders(), body })

describe('a deeply nested request body', { timeout: 60_000 }, () => {
  it('an approval whose input nests 50,000 arrays is a 400 that says why, and decides nothing', async () => {
    h = await startHarness()
    const ask = 'add a task to review chapter 3 by Friday, importance 4'
    const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: ask }] }
    const started = await post('/api/chat', JSON.stringify({ id: 'deep', messages: [user] }))
    expect(started.status).toBe(200)
    await waitForRun(h.runtime, 'deep', 'awaitingConfirmation')
    const card = h.runtime.view('deep').pending
    const shown = h.runtime
      .view('deep')
      .events.find(
        (e) => e.kind === 'confirmationRequired' && e.confirmationId === card?.confirmationId,
      )
    const part = {
      type: 'tool-create_task',
      toolCallId: shown?.kind === 'confirmationRequired' ? shown.toolCallId : undefined,
      state: 'approval-responded',
      approval: { id: card?.confirmationId, approved: true },
    }
    const assistant = { id: 'a1', role: 'assistant', parts: [{ ...part, input: '@' }] }
    const body = JSON.stringify({ id: 'deep', messages: [user, assistant] }).replace(
      '"@"',
      nested(50_000),
    )
    expect(body.length).toBeGreaterThan(100_000)
    const refused = await post('/api/chat', body)
    expect([refused.status, refused.json().error]).toEqual([
      400,
      {
        code: 'body_too_deep',
        message: `the body nests deeper than ${maxBodyDepth} levels of arrays and objects`,
      },
    ])
    // Nothing was decided: the card still waits.
    expect(h.runtime.view('deep').pending?.confirmationId).toBe(card?.confirmationId)
    // Every other body the server reads is held to the same bound.
    // (An edit's body is at most 64 KiB: 30,000 levels fit.)
    const deepEdit = await post(
      '/api/runs/deep/edit',
      JSON.stringify({ confirmationId: card?.confirmationId, arguments: { title: '@' } }).replace(
        '"@"',
        nested(30_000),
      ),
    )
    expect([deepEdit.status, deepEdit.json().error?.code]).toEqual([400, 'body_too_deep'])
  })

  it('a body as deep as the deepest arguments a host may allow is still read', async () => {
    h = await startHarness()
    const ok = await post(
      '/api/runs',
      JSON.stringify({ text: 'what are my tasks', extra: '@' }).replace(
        '"@"',
        nested(maxBodyDepth - 1),
      ),
    )
    // Read, then refused by the body's schema (no extra keys), not for its depth.
    expect([ok.status, ok.json().error?.code]).toEqual([400, 'invalid_request'])
  })
})
