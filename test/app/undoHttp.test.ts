import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { latestChangeId } from '../../ui/core/changeOf.ts'
import { type AppHarness, pagePost, runToCard, startHarness } from './appHarness.ts'

let h: AppHarness
afterEach(() => h.dispose())

const titles = async () => (await h.workspace.readTasks()).map((t) => t.title)

describe('POST /api/runs/:runId/undo', () => {
  it('proposes an undo card and undoes nothing until it is allowed over HTTP', async () => {
    h = await startHarness()
    const { runId, confirmationId } = await runToCard(
      h,
      'add a task to read chapter 4, importance 2',
    )
    expect(
      (await pagePost(h, `/api/runs/${runId}/confirmations`, { confirmationId, decision: 'allow' }))
        .status,
    ).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const before = await titles()
    expect(before).toContain('Read chapter 4')
    const changeId = latestChangeId(h.runtime.view(runId).events) as string

    const asked = await pagePost(h, `/api/runs/${runId}/undo`, { changeId })
    expect([asked.status, asked.json()]).toEqual([200, { ok: true }])
    await waitForRun(h.runtime, runId, 'awaitingConfirmation')
    const card = h.runtime.view(runId).pending
    expect(card?.description?.headline).toMatch(/^Undo adding the task/)
    expect(await titles()).toEqual(before)
    // While the card waits, another undo is refused: nothing queues behind it.
    const busy = await pagePost(h, `/api/runs/${runId}/undo`, { changeId })
    expect([busy.status, busy.json().error?.code]).toEqual([409, 'not_awaiting_input'])

    const allowed = await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: card?.confirmationId,
      decision: 'allow',
      digest: card?.digest,
    })
    expect(allowed.status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    expect(await titles()).toEqual(before.filter((title) => title !== 'Read chapter 4'))
  })

  it('a malformed change id is a 400 and proposes nothing', async () => {
    h = await startHarness()
    const { runId } = await runToCard(h, 'add a task to read chapter 4, importance 2')
    const refused = await pagePost(h, `/api/runs/${runId}/undo`, { changeId: '../x' })
    expect([refused.status, refused.json().error?.code]).toEqual([400, 'invalid_request'])
  })
})
