import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, pageGet, pagePost, runToCard, startHarness } from './appHarness.ts'

let h: AppHarness
afterEach(() => h.dispose())

const get = (path: string) => pageGet(h, path)
const post = (path: string, body: unknown) => pagePost(h, path, body)
type Page = {
  runs: { runId: string; title: string; status: string; pending: boolean; startedAt: string }[]
  nextCursor?: string
}
const list = async (query = '') => {
  const answer = await get(`/api/runs${query}`)
  expect(answer.status, answer.body).toBe(200)
  return answer.json() as unknown as Page
}
const start = async (input: string) => {
  const answer = await post('/api/runs', { input })
  expect(answer.status).toBe(201)
  const runId = answer.json().runId as string
  await waitForRun(h.runtime, runId, 'awaitingInput')
  return runId
}

describe('GET /api/runs: the conversations in the store, page by page', () => {
  it('lists runs newest first with first message, status and a pending badge, and pages by cursor', async () => {
    h = await startHarness()
    const first = await start('what are my tasks?')
    const second = await start('search photosynthesis')
    const { runId: third } = await runToCard(h, 'add a task to read chapter 2')
    await h.runtime.flush()

    const top = await list('?limit=2')
    expect(top.runs.map((r) => [r.runId, r.title, r.status, r.pending])).toEqual([
      [third, 'add a task to read chapter 2', 'awaitingConfirmation', true],
      [second, 'search photosynthesis', 'awaitingInput', false],
    ])
    expect(top.nextCursor).toMatch(/^[0-9]+$/)
    const rest = await list(`?limit=2&cursor=${top.nextCursor}`)
    expect(rest).toEqual({ runs: [expect.objectContaining({ runId: first })] })
    expect((await list()).runs).toHaveLength(3)
  })

  it('after a restart the list comes from the store: ended runs too, the open card still marked', async () => {
    h = await startHarness()
    const ended = await start('what are my tasks?')
    expect((await post(`/api/runs/${ended}/cancel`, {})).status).toBe(200)
    const { runId: waiting } = await runToCard(h, 'add a task to read chapter 2')
    h = await h.restart()
    expect(h.runtime.runIds()).toEqual([waiting])
    expect((await list()).runs.map((r) => [r.runId, r.status, r.pending])).toEqual([
      [waiting, 'awaitingConfirmation', true],
      [ended, 'cancelled', false],
    ])
  })

  it('refuses a page size or cursor it did not hand out, as a 400 with a code', async () => {
    h = await startHarness()
    await start('what are my tasks?')
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?cursor=abc', '?cursor=-1']) {
      const answer = await get(`/api/runs${query}`)
      expect([answer.status, answer.json().error?.code], query).toEqual([400, 'invalid_request'])
    }
    const repeated = await get('/api/runs?limit=1&limit=2')
    expect(repeated.status).toBe(400)
    // Digits, but no line of the index starts there.
    const forged = await get('/api/runs?cursor=3')
    expect([forged.status, forged.json().error?.code]).toEqual([400, 'invalid_cursor'])
  })
})
