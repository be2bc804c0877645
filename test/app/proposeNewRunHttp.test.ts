import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { type AppHarness, pagePost, startHarness } from './appHarness.ts'

let h: AppHarness
beforeAll(async () => {
  h = await startHarness()
  await h.workspace.upsertTask(storedTask('essay', 'Essay draft'))
})
afterAll(() => h?.dispose())

// Issue #48: the panel's Delete with no chat open starts one over HTTP, its card first.
describe('POST /api/runs with propose', () => {
  it('starts a run whose first step is the change’s card, named by the words', async () => {
    const words = 'Delete the task “Essay draft”'
    const started = await pagePost(h, '/api/runs', {
      text: words,
      propose: { tool: 'delete_task', args: { id: 'essay' } },
    })
    expect(started.status).toBe(201)
    const { runId } = started.json() as { runId: string }
    await waitForRun(h.runtime, runId, 'awaitingConfirmation')
    expect(h.runtime.view(runId).pending?.description?.headline).toContain('Essay draft')
    expect((await h.runtime.listRuns({})).runs.find((r) => r.runId === runId)?.title).toBe(words)
    expect(await h.workspace.readTask('essay')).toBeDefined()
  })

  it('refuses a tool the buttons do not offer (400) and starts nothing', async () => {
    const before = (await h.runtime.listRuns({})).runs.length
    const refused = await pagePost(h, '/api/runs', {
      text: 'Run it',
      propose: { tool: 'run_code', args: { code: '1' } },
    })
    expect([refused.status, refused.json().error?.code]).toEqual([400, 'invalid_request'])
    expect((await h.runtime.listRuns({})).runs).toHaveLength(before)
  })
})
